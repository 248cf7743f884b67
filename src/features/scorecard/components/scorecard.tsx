import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
} from 'react'
import { GroupRows, GroupSummary } from './group-card'
import { Stepper } from './stepper'
import { Link } from 'react-router-dom'
import { PageHeading } from '@/components/ui/page-heading'
import type { HoleScore } from '@/lib/tables/rounds'
import {
  PENALTY_BOUNDS,
  PUTT_BOUNDS,
  STROKE_BOUNDS,
  cardTotals,
  formatToPar,
  holeNumber,
  missingHoles,
  settledPickUps,
  unenteredHole,
  type Card,
} from '../lib/card'
import { roundStats } from '../lib/stats'
import { useCardStore } from '../stores/card-store'
import '../scorecard.css'

/** What the handicap makes of a card: given by the screen that composes this one. */
export interface CardScoring {
  /** The course handicap for the card's tee or nine; null when the golfer had no index yet. */
  courseHandicap: number | null
  /** Strokes received on each hole, in hole order (negative: a plus handicap gives one back). */
  received: readonly number[]
  /** The most each hole counts for (net double bogey). */
  maximums: readonly number[]
  /** The adjusted gross score of the entered card. */
  adjustedGross(card: Card): number
}

/** What the handicap's figures for a card are made from: its day and holes. */
export type CardShape = Pick<Card, 'playedOn' | 'rating' | 'slope' | 'holePars' | 'strokeIndexes'>

interface ScorecardProps {
  userId: string
  roundId: string
  scoring(card: CardShape): CardScoring
  /** Puts the finished card's round in the outbox; true once it is on the device. */
  save(card: Card): Promise<boolean>
  /** A round this device already has (or is sending): its card was finished. */
  isKnownRound(id: string): boolean
  onFinished(): void
}

export const SECOND_DEVICE_NOTE =
  'This card is kept on this device only, with or without a connection. Your other devices see the round once you finish it here.'

/** The scorecard at /play/:roundId: one hole per view, then the summary, then one round. */
export function Scorecard({
  userId,
  roundId,
  scoring,
  save,
  isKnownRound,
  onFinished,
}: ScorecardProps) {
  const card = useCardStore((state) => (state.card?.id === roundId ? state.card : null))
  const loadedFor = useCardStore((state) => state.userId)
  const known = isKnownRound(roundId)
  // The handicap's figures depend on the card's day and holes, never on a tap: made once a card.
  const playedOn = card?.playedOn
  const rating = card?.rating
  const slope = card?.slope
  const holePars = card?.holePars
  const strokeIndexes = card?.strokeIndexes
  const figures = useMemo(
    () =>
      playedOn === undefined ||
      rating === undefined ||
      slope === undefined ||
      !holePars ||
      !strokeIndexes
        ? null
        : scoring({ playedOn, rating, slope, holePars, strokeIndexes }),
    [scoring, playedOn, rating, slope, holePars, strokeIndexes],
  )

  useEffect(() => {
    useCardStore.getState().load(userId)
  }, [userId])
  useEffect(() => {
    if (known) useCardStore.getState().dropIfFinished(isKnownRound)
  }, [known, isKnownRound])

  if (loadedFor !== userId) return null
  if (!card || !figures) return <NoCard />
  if (card.at >= card.scores.length) {
    return <Summary card={card} scoring={figures} save={save} onFinished={onFinished} />
  }
  return <HoleView card={card} scoring={figures} />
}

function NoCard() {
  return (
    <section className="scorecard">
      <PageHeading title="Scorecard" className="screen__title">
        This round isn&apos;t being scored on this device
      </PageHeading>
      <p className="screen__lead">
        A card is kept on the device it was started on until it is finished; the round then reaches
        every device. If you finished it, it is in your rounds.
      </p>
      <Link to="/hcp" className="button button--primary button--wide">
        Back to your rounds
      </Link>
    </section>
  )
}

const SWIPE_PX = 60
/** How far a touch moves before it is a drag, its direction then decided (Chromium's slop ~15). */
const DRAG_PX = 10

/**
 * Claims the element's horizontal touch drags for the swipe. Chromium turns a quick drag into a
 * fling even where nothing can scroll sideways, and the next touch only stops that fling: the first
 * tap after a swipe was not a click, so a "+" right after a swipe was lost. A drag that starts
 * sideways has its moves and its end consumed, so the browser never scrolls or flings it; an
 * upright drag stays the page's scroll.
 */
function claimHorizontalDrags(element: HTMLElement): () => void {
  let from: { x: number; y: number } | null = null
  let sideways: boolean | null = null
  const start = (event: TouchEvent) => {
    const touch = event.touches.length === 1 ? event.touches[0] : undefined
    from = touch ? { x: touch.clientX, y: touch.clientY } : null
    sideways = null
  }
  const move = (event: TouchEvent) => {
    const touch = event.touches[0]
    if (!from || !touch) return
    if (sideways === null) {
      const dx = Math.abs(touch.clientX - from.x)
      const dy = Math.abs(touch.clientY - from.y)
      if (Math.max(dx, dy) < DRAG_PX) return
      sideways = dx > dy
    }
    if (sideways && event.cancelable) event.preventDefault()
  }
  const end = (event: TouchEvent) => {
    if (sideways && event.cancelable) event.preventDefault()
    from = null
    sideways = null
  }
  element.addEventListener('touchstart', start, { passive: true })
  element.addEventListener('touchmove', move, { passive: false })
  element.addEventListener('touchend', end, { passive: false })
  element.addEventListener('touchcancel', end)
  return () => {
    element.removeEventListener('touchstart', start)
    element.removeEventListener('touchmove', move)
    element.removeEventListener('touchend', end)
    element.removeEventListener('touchcancel', end)
  }
}

/**
 * A hole (or the summary) opens with its top in view: the page otherwise keeps the scroll of the
 * last, and a golfer who went down to Next or the holes would enter strokes without seeing which
 * hole it is.
 */
function useTopInView(top: RefObject<HTMLElement | null>, at: number) {
  useLayoutEffect(() => {
    if ((top.current?.getBoundingClientRect().top ?? 0) < 0) window.scrollTo(0, 0)
  }, [top, at])
}

/** The way off the card to the HCP screen; the card stays on the device, resumable from there. */
function BackToRounds() {
  return (
    <Link to="/hcp" className="scorecard__back">
      Back to your rounds
    </Link>
  )
}

function HoleView({ card, scoring }: { card: Card; scoring: CardScoring }) {
  const { enter, goTo } = useCardStore.getState()
  const group = card.game !== null
  const at = card.at
  const par = card.holePars[at] ?? 0
  const entered = card.scores[at] ?? null
  const shown = entered ?? unenteredHole(par)
  const last = at === card.scores.length - 1
  const number = holeNumber(card, at)
  const totals = useMemo(() => cardTotals(card), [card])
  const received = scoring.received[at] ?? 0
  const swipeFrom = useRef<{ x: number; y: number } | null>(null)
  const section = useRef<HTMLElement>(null)
  useEffect(() => (section.current ? claimHorizontalDrags(section.current) : undefined), [])
  useTopInView(section, at)

  const change = (next: Partial<HoleScore>) => enter(at, { ...shown, ...next })
  /** Next keeps the hole as shown: a par no one changed is a par. */
  const forward = () => useCardStore.getState().next(at)
  const back = () => goTo(at - 1)

  function swipeEnd(event: PointerEvent) {
    const from = swipeFrom.current
    swipeFrom.current = null
    if (!from) return
    const dx = event.clientX - from.x
    const dy = event.clientY - from.y
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return
    if (dx < 0) forward()
    else if (at > 0) back()
  }

  return (
    <section
      ref={section}
      className="scorecard"
      aria-label={`Scorecard, ${card.courseName}`}
      onPointerDown={(event) => (swipeFrom.current = { x: event.clientX, y: event.clientY })}
      onPointerUp={swipeEnd}
      onPointerCancel={() => (swipeFrom.current = null)}
    >
      <header className="scorecard__header">
        <BackToRounds />
        <p className="scorecard__course">
          {card.courseName} · {card.teeName}
        </p>
        <PageHeading title={`Hole ${number}`} className="scorecard__hole">
          Hole {number}
        </PageHeading>
        <dl className="scorecard__facts">
          <div>
            <dt>Par</dt>
            <dd data-testid="hole-par">{par}</dd>
          </div>
          <div>
            <dt>Stroke index</dt>
            <dd>{card.strokeIndexes[at]}</dd>
          </div>
          {group ? null : (
            <div>
              <dt>Strokes received</dt>
              <dd data-testid="strokes-received">{received}</dd>
            </div>
          )}
        </dl>
      </header>
      <p className="scorecard__total" data-testid="running-total">
        {totals.played === 0
          ? 'No holes entered yet'
          : `Total ${totals.strokes} · ${formatToPar(totals.toPar)} after ${totals.played} ${totals.played === 1 ? 'hole' : 'holes'}`}
      </p>
      {group ? (
        <GroupRows card={card} maximum={scoring.maximums[at] ?? par + 5} />
      ) : (
        <Stepper
          label="Strokes"
          large
          value={shown.strokes}
          bounds={STROKE_BOUNDS}
          note={entered ? null : 'Par until you change it'}
          onChange={(strokes) => change({ strokes })}
        />
      )}
      {/* In a group the players' rows fill the view: Previous / Next come right under them, the
          golfer's own putts and greens after. */}
      {group ? null : <HoleDetails at={at} par={par} entered={entered} group={group} />}
      <nav className="scorecard__nav" aria-label="Holes">
        <button
          type="button"
          className="button button--secondary"
          onClick={back}
          disabled={at === 0}
        >
          Previous
        </button>
        <button type="button" className="button button--primary" onClick={forward}>
          {last ? 'Finish' : 'Next'}
        </button>
      </nav>
      {group ? <HoleDetails at={at} par={par} entered={entered} group={group} /> : null}
      <HoleGrid scores={card.scores} at={card.at} firstHole={card.firstHole} />
      <p className="scorecard__note">{SECOND_DEVICE_NOTE}</p>
    </section>
  )
}

/**
 * The golfer's putts, penalties, fairway and green on the hole: memoised on the hole's score, so a
 * partner's tap (which leaves it as it was) does not draw them again.
 */
const HoleDetails = memo(function HoleDetails({
  at,
  par,
  entered,
  group,
}: {
  at: number
  par: number
  entered: HoleScore | null
  group: boolean
}) {
  const shown = entered ?? unenteredHole(par)
  const change = (next: Partial<HoleScore>) =>
    useCardStore.getState().enter(at, { ...shown, ...next })
  return (
    <div
      className="scorecard__details"
      aria-label={group ? 'Your hole' : undefined}
      role={group ? 'group' : undefined}
    >
      <Stepper
        label="Putts"
        value={shown.putts}
        bounds={{ min: PUTT_BOUNDS.min, max: Math.min(PUTT_BOUNDS.max, shown.strokes) }}
        onChange={(putts) => change({ putts })}
      />
      <Stepper
        label="Penalty strokes"
        value={shown.penalties}
        bounds={{
          min: PENALTY_BOUNDS.min,
          max: Math.min(PENALTY_BOUNDS.max, shown.strokes - 1),
        }}
        onChange={(penalties) => change({ penalties })}
      />
      {par >= 4 ? (
        <YesNo
          label="Fairway hit"
          value={shown.fairwayHit}
          onChange={(fairwayHit) => change({ fairwayHit })}
        />
      ) : null}
      <YesNo
        label="Green in regulation"
        value={shown.greenInRegulation}
        onChange={(greenInRegulation) => change({ greenInRegulation })}
      />
    </div>
  )
})

/** Yes / No, and a second tap on the chosen one takes it back to not recorded. */
function YesNo({
  label,
  value,
  onChange,
}: {
  label: string
  value: boolean | null
  onChange(value: boolean | null): void
}) {
  return (
    <fieldset className="yes-no">
      <legend className="stepper__label">{label}</legend>
      {([true, false] as const).map((option) => (
        <button
          key={String(option)}
          type="button"
          className="yes-no__button"
          aria-pressed={value === option}
          onClick={() => onChange(value === option ? null : option)}
        >
          {option ? 'Yes' : 'No'}
        </button>
      ))}
    </fieldset>
  )
}

/** Every hole at a glance, each a button to it; the summary is the last stop. */
const HoleGrid = memo(function HoleGrid({
  scores,
  at: current,
  firstHole,
}: {
  scores: Card['scores']
  at: number
  firstHole: number
}) {
  const goTo = useCardStore((state) => state.goTo)
  return (
    <nav className="hole-grid" aria-label="Go to a hole">
      {scores.map((score, at) => {
        const number = holeNumber({ firstHole }, at)
        return (
          <button
            key={number}
            type="button"
            className="hole-grid__hole"
            aria-current={at === current ? 'step' : undefined}
            onClick={() => goTo(at)}
          >
            {/* Named by what it shows, "Hole 7: 5 strokes", the words hidden but read. */}
            <span className="visually-hidden">Hole </span>
            <span className="hole-grid__number">{number}</span>
            <span className="visually-hidden">: </span>
            {score ? (
              <span className="hole-grid__strokes">
                {score.strokes}
                <span className="visually-hidden"> strokes</span>
              </span>
            ) : (
              <span className="hole-grid__strokes">
                <span aria-hidden="true">·</span>
                <span className="visually-hidden">not entered</span>
              </span>
            )}
          </button>
        )
      })}
    </nav>
  )
})

/** The putts, fairways, greens and penalties the golfer entered, from the first round. */
function CardStats({ card }: { card: Card }) {
  const shown = roundStats(
    card.scores.filter((score) => score !== null),
    card.holePars.filter((_, at) => card.scores[at] !== null),
  )
  if (shown.length === 0) return null
  return (
    <section className="summary-stats" aria-labelledby="summary-stats-title">
      <h2 id="summary-stats-title" className="section-title">
        Your stats
      </h2>
      <dl className="summary summary--stats" data-testid="summary-stats">
        {shown.map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function Summary({
  card,
  scoring,
  save,
  onFinished,
}: {
  card: Card
  scoring: CardScoring
  save(card: Card): Promise<boolean>
  onFinished(): void
}) {
  const finishing = useCardStore((state) => state.finishing)
  const [failed, setFailed] = useState(false)
  const section = useRef<HTMLElement>(null)
  useTopInView(section, card.at)
  const totals = cardTotals(card)
  const missing = missingHoles(card)
  const complete = missing.length === 0
  const capped = complete
    ? card.scores.flatMap((score, at) =>
        score && score.strokes > (scoring.maximums[at] ?? Infinity) ? [holeNumber(card, at)] : [],
      )
    : []

  async function finish() {
    setFailed(false)
    const stored = await useCardStore
      .getState()
      .finish((finished) => save(settledPickUps(finished, scoring.maximums)))
    if (stored) onFinished()
    else setFailed(true)
  }

  return (
    <section ref={section} className="scorecard">
      <BackToRounds />
      <p className="scorecard__course">
        {card.courseName} · {card.teeName}
      </p>
      <PageHeading title="Round summary" className="scorecard__hole">
        Round summary
      </PageHeading>
      <dl className="summary">
        <div>
          <dt>Gross</dt>
          <dd data-testid="summary-gross">{totals.strokes}</dd>
        </div>
        <div>
          <dt>To par</dt>
          <dd data-testid="summary-to-par">{formatToPar(totals.toPar)}</dd>
        </div>
        <div>
          <dt>Adjusted gross</dt>
          <dd data-testid="summary-adjusted">{complete ? scoring.adjustedGross(card) : '–'}</dd>
        </div>
        <div>
          <dt>Course handicap</dt>
          {scoring.courseHandicap === null ? (
            <dd className="summary__words">No index yet</dd>
          ) : (
            <dd>{scoring.courseHandicap}</dd>
          )}
        </div>
      </dl>
      <CardStats card={card} />
      {card.game ? <GroupSummary card={card} /> : null}
      <p data-testid="summary-capped">
        {!complete
          ? `Holes ${missing.join(', ')} have no score yet.`
          : capped.length === 0
            ? 'No hole was capped at net double bogey.'
            : `Capped at net double bogey: ${capped.length === 1 ? 'hole' : 'holes'} ${capped.join(', ')}.`}
      </p>
      {failed ? (
        <p className="scorecard__problem" role="alert">
          The round could not be kept on this device. Your card is still here: try again.
        </p>
      ) : null}
      <p className="scorecard__note">
        Saving keeps the round on this device and sends it when there is a connection; it then
        reaches your other devices.
      </p>
      <nav className="scorecard__nav" aria-label="Finish">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => useCardStore.getState().goTo(card.scores.length - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void finish()}
          disabled={!complete || finishing}
        >
          Save round
        </button>
      </nav>
      <HoleGrid scores={card.scores} at={card.at} firstHole={card.firstHole} />
    </section>
  )
}
