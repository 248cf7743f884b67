// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Hole } from './formats'
import {
  sideGameStandings,
  validateSideGames,
  type SideGamePlayer,
  type SideGames,
} from './side-game-standings'

/** Par 4s with stroke index = hole number, and the player's gross strokes. */
const fours = (strokes: readonly (number | null)[]): Hole[] =>
  strokes.map((hole, at) => ({ par: 4, strokeIndex: at + 1, strokes: hole }))
const player = (name: string, holes: Hole[], strokes = 0, courseHandicap = 0): SideGamePlayer => ({
  name,
  holes,
  strokes,
  courseHandicap,
})
/** Ann, Ben, Cat and Dan, in that order, playing off 0 on par 4s. */
type Strokes = readonly (number | null)[]
const fourOnFours = (
  [ann, ben, cat, dan]: [Strokes, Strokes, Strokes, Strokes],
  played: number,
) => ({
  players: [
    player('Ann', fours(ann)),
    player('Ben', fours(ben)),
    player('Cat', fours(cat)),
    player('Dan', fours(dan)),
  ],
  played,
})
const points = (amount: number) => ({ kind: 'points', amount }) as const
const euros = (amount: number) => ({ kind: 'money', amount, currency: 'EUR' }) as const

describe('sideGameStandings: skins', () => {
  //         hole 1  2  3  4  5  6  (7–9 to play)
  const ann = [4, 4, 5, 3, 4, 4, null, null, null]
  const ben = [4, 5, 5, 4, 4, 3, null, null, null]
  const cat = [5, 4, 5, 4, 5, 5, null, null, null]
  const dan = [5, 5, 5, 5, 5, 5, null, null, null]
  const card = fourOnFours([ann, ben, cat, dan], 6)
  const games: SideGames = {
    version: 1,
    skins: { basis: 'gross', carryOver: true, stake: points(1) },
  }

  it('says on each hole who won the skin and what it carried, or why nobody did', () => {
    expect(sideGameStandings(games, card).holes).toEqual([
      { hole: 1, lines: ['No skin on 1: Ann and Ben tied at 4 (1 carried)'] },
      { hole: 2, lines: ['No skin on 2: Ann and Cat tied at 4 (2 carried)'] },
      { hole: 3, lines: ['No skin on 3: Ann, Ben, Cat and Dan tied at 5 (3 carried)'] },
      { hole: 4, lines: ['Skin to Ann on 4 (3 carried from 1–3)'] },
      { hole: 5, lines: ['No skin on 5: Ann and Ben tied at 4 (1 carried)'] },
      { hole: 6, lines: ['Skin to Ben on 6 (1 carried from 5)'] },
    ])
  })

  it('settles the skins won so far: each skin paid by every other player', () => {
    // Ann 4 skins, Ben 2, 6 in all; 4 players: Ann 4 × 4 − 6 = +10, Ben 2 × 4 − 6 = +2, Cat and
    // Dan −6. Cat (the lower of the two most owing) pays Ann 6; Dan pays Ann 4, then Ben 2.
    const { settlement } = sideGameStandings(games, card)
    expect(settlement.final).toBe(false)
    expect(settlement.units).toEqual([
      {
        unit: 'points',
        games: [{ game: 'Skins', balances: [10, 2, -6, -6] }],
        net: [10, 2, -6, -6],
        payments: [
          { from: 2, to: 0, amount: 6, text: 'Cat pays Ann 6 points' },
          { from: 3, to: 0, amount: 4, text: 'Dan pays Ann 4 points' },
          { from: 3, to: 1, amount: 2, text: 'Dan pays Ben 2 points' },
        ],
      },
    ])
    expect(settlement.text).toBe(
      [
        'Skins: Ann +10 points, Ben +2 points, Cat −6 points, Dan −6 points',
        'Net: Ann +10 points, Ben +2 points, Cat −6 points, Dan −6 points',
        'Cat pays Ann 6 points',
        'Dan pays Ann 4 points',
        'Dan pays Ben 2 points',
      ].join('\n'),
    )
  })

  it('without carry-over a tied hole carries nothing', () => {
    const noCarry: SideGames = {
      version: 1,
      skins: { basis: 'gross', carryOver: false, stake: points(1) },
    }
    const { holes } = sideGameStandings(noCarry, card)
    expect(holes[0]?.lines).toEqual(['No skin on 1: Ann and Ben tied at 4'])
    expect(holes[3]?.lines).toEqual(['Skin to Ann on 4'])
  })

  // Par 4 (stroke index 1), par 3 (3), par 5 (2). Ben receives 1 stroke: on the first hole.
  const holes = (strokes: readonly (number | null)[]): Hole[] =>
    [
      { par: 4, strokeIndex: 1 },
      { par: 3, strokeIndex: 3 },
      { par: 5, strokeIndex: 2 },
    ].map((hole, at) => ({ ...hole, strokes: strokes[at] ?? null }))
  const threeHoles = {
    players: [
      player('Ann', holes([7, 3, 5])),
      player('Ben', holes([9, 3, 5]), 1),
      player('Cat', holes([8, null, 5])),
    ],
    played: 3,
  }

  it('net skins cap each hole at net double bogey, and say what is carried past the last', () => {
    // 1: Ann 7 → at most 4 + 2 = 6; Ben 9 → at most 4 + 2 + 1 = 7, net 6; Cat 8 → 6: all net 6.
    // 2: Ann and Ben net 3, Cat no score. 3: all net 5, the last hole: 3 carried, never won.
    const net: SideGames = {
      version: 1,
      skins: { basis: 'net', carryOver: true, stake: points(1) },
    }
    const standings = sideGameStandings(net, threeHoles)
    expect(standings.holes.map((hole) => hole.lines)).toEqual([
      ['No skin on 1: Ann, Ben and Cat tied at net 6 (1 carried)'],
      ['No skin on 2: Ann and Ben tied at net 3 (2 carried)'],
      ['No skin on 3: Ann, Ben and Cat tied at net 5 (3 carried, not won)'],
    ])
    expect(standings.settlement.final).toBe(true)
    expect(standings.settlement.units[0]?.payments).toEqual([])
    expect(standings.settlement.text).toBe(
      [
        'Skins: Ann square, Ben square, Cat square',
        'Net: Ann square, Ben square, Cat square',
        'All square: nobody pays.',
      ].join('\n'),
    )
    // Gross, Ann's 7 is alone at the lowest on 1.
    const gross: SideGames = {
      version: 1,
      skins: { basis: 'gross', carryOver: true, stake: points(1) },
    }
    expect(sideGameStandings(gross, threeHoles).holes[0]?.lines).toEqual(['Skin to Ann on 1'])
  })

  it('settles money in the currency’s own units, formatted for the golfer’s locale', () => {
    // ¥500 a skin, Ann and Ben alone on holes 1–6 above: 1 tied, Ann wins 2 (2 skins); 3 tied,
    // Ann wins 4 (2); 5 tied, Ben wins 6 (2). Ann 4 × 2 − 6 = +2 skins = ¥1,000; Ben −¥1,000.
    const yen: SideGames = {
      version: 1,
      skins: {
        basis: 'gross',
        carryOver: true,
        stake: { kind: 'money', amount: 500, currency: 'JPY' },
      },
    }
    const twoPlayers = { players: card.players.slice(0, 2), played: 6 }
    const { settlement } = sideGameStandings(yen, twoPlayers, { locale: 'en-US' })
    expect(settlement.units[0]?.net).toEqual([1000, -1000])
    expect(settlement.units[0]?.payments.map((payment) => payment.text)).toEqual([
      'Ben pays Ann ¥1,000',
    ])
  })

  it('numbers the holes of a back nine as the course does', () => {
    const backNine = { ...card, firstHole: 10 }
    expect(sideGameStandings(games, backNine).holes[3]).toEqual({
      hole: 13,
      lines: ['Skin to Ann on 13 (3 carried from 10–12)'],
    })
  })
})

describe('sideGameStandings: Nassau and four-ball of two sides', () => {
  // Side A is Ann & Ben, side B Cat & Dan. A hole A wins: Ann takes 3; B wins: Cat takes 3; the
  // rest take 4.   hole 1 2 3 4 5 6 7 8 9 | 10 11 12 … 17 18
  // for A:            L L W H W H H H H |  W  W  H … H  L
  const results = 'LLWHWHHHHWWHHHHHHL'
  const ann = [...results].map((result) => (result === 'W' ? 3 : 4))
  const cat = [...results].map((result) => (result === 'L' ? 3 : 4))
  const four = Array<number>(18).fill(4)
  const card = fourOnFours([ann, four, cat, four], 18)
  const games: SideGames = {
    version: 1,
    sides: [
      [0, 1],
      [2, 3],
    ],
    nassau: { pressAt: 2, stake: euros(5) },
    fourBall: { stake: euros(10) },
  }
  const standings = sideGameStandings(games, card, { locale: 'en-GB' })
  const linesOn = (hole: number) => standings.holes[hole - 1]?.lines

  it('words the front nine and its presses hole by hole', () => {
    // After 2: A 2 down → press from 3. In it, 3 won, 4 halved, 5 won: A 2 up → press from 6.
    expect(linesOn(1)).toEqual([
      'Front: Cat & Dan 1 up thru 1',
      'Overall: Cat & Dan 1 up thru 1',
      'Four-ball: Cat & Dan 1 up thru 1',
    ])
    expect(linesOn(2)).toEqual([
      'Front: Cat & Dan 2 up thru 2; press from 3: all square',
      'Overall: Cat & Dan 2 up thru 2',
      'Four-ball: Cat & Dan 2 up thru 2',
    ])
    expect(linesOn(4)?.[0]).toBe('Front: Cat & Dan 1 up thru 4; press from 3: Ann & Ben 1 up')
    expect(linesOn(5)?.[0]).toBe(
      'Front: all square thru 5; press from 3: Ann & Ben 2 up; press from 6: all square',
    )
    // The nine's last hole: each bet of it over.
    expect(linesOn(9)).toEqual([
      'Front: halved; press from 3: Ann & Ben won 2 up; press from 6: halved',
      'Overall: all square thru 9',
      'Four-ball: all square thru 9',
    ])
  })

  it('words the back nine, its press and the four-ball decided 2&1', () => {
    // 10, 11 won: A 2 up → press from 12 (B 2 down). Halved to 17: four-ball 2 up with 2 to play
    // after 16 (dormie), 2 up with 1 to play after 17: won 2&1. 18 lost: back 1 up, press 1 down.
    expect(linesOn(11)?.[0]).toBe('Back: Ann & Ben 2 up thru 11; press from 12: all square')
    expect(linesOn(16)?.[2]).toBe('Four-ball: Ann & Ben 2 up thru 16, dormie')
    expect(linesOn(17)?.[2]).toBe('Four-ball: Ann & Ben won 2&1')
    expect(linesOn(18)).toEqual([
      'Back: Ann & Ben won 1 up; press from 12: Cat & Dan won 1 up',
      'Overall: Ann & Ben won 1 up',
      'Four-ball: Ann & Ben won 2&1',
    ])
  })

  it('settles every bet and match for each player of the sides', () => {
    // Nassau at €5 a bet for A: front 0, back +1, overall +1, presses 3–9 +1, 6–9 0, 12–18 −1:
    // +2 bets = +€10 each. Four-ball €10 to A. A +€20 each, B −€20 each: two payments.
    expect(standings.settlement.units).toEqual([
      {
        unit: 'EUR',
        games: [
          { game: 'Nassau', balances: [1000, 1000, -1000, -1000] },
          { game: 'Four-ball', balances: [1000, 1000, -1000, -1000] },
        ],
        net: [2000, 2000, -2000, -2000],
        payments: [
          { from: 2, to: 0, amount: 2000, text: 'Cat pays Ann €20.00' },
          { from: 3, to: 1, amount: 2000, text: 'Dan pays Ben €20.00' },
        ],
      },
    ])
    expect(standings.settlement.text).toBe(
      [
        'Nassau: Ann +€10.00, Ben +€10.00, Cat −€10.00, Dan −€10.00',
        'Four-ball: Ann +€10.00, Ben +€10.00, Cat −€10.00, Dan −€10.00',
        'Net: Ann +€20.00, Ben +€20.00, Cat −€20.00, Dan −€20.00',
        'Cat pays Ann €20.00',
        'Dan pays Ben €20.00',
      ].join('\n'),
    )
  })

  it('mid-round: the same lines so far, and nothing settled before a bet is over', () => {
    const sixHoles = sideGameStandings(games, { ...card, played: 6 }, { locale: 'en-GB' })
    expect(sixHoles.holes.map((hole) => hole.lines)).toEqual(
      standings.holes.slice(0, 6).map((hole) => hole.lines),
    )
    expect(sixHoles.settlement.final).toBe(false)
    expect(sixHoles.settlement.units[0]?.net).toEqual([0, 0, 0, 0])
    expect(sixHoles.settlement.units[0]?.payments).toEqual([])
  })

  it('a Nassau of 2 players is a singles Nassau', () => {
    // Ann wins 1 and 2 (Ben 2 down → press from 3), halved after: front, overall and nothing
    // else to Ann; press halved. 1 point a bet: Ann +2, Ben −2.
    const singles = {
      players: [player('Ann', fours([3, 3, ...four.slice(2)])), player('Ben', fours(four))],
      played: 18,
    }
    const nassauOnly: SideGames = { version: 1, nassau: { pressAt: 2, stake: points(1) } }
    const result = sideGameStandings(nassauOnly, singles)
    expect(result.holes[1]?.lines[0]).toBe('Front: Ann 2 up thru 2; press from 3: all square')
    expect(result.settlement.units[0]?.payments).toEqual([
      { from: 1, to: 0, amount: 2, text: 'Ben pays Ann 2 points' },
    ])
  })
})

describe('sideGameStandings: scramble', () => {
  const none = fours([null, null, null])

  it('gives the whole group’s team handicap with its shares: the USGA example, 14', () => {
    // USGA Local Guidance to Rule 7 (LG_R7h5): 10.335…, 15.353…, 28.255…, 37.574… → 14.
    const card = {
      players: [
        player('Ann', none, 0, 11679 / 1130),
        player('Ben', none, 0, 17349 / 1130),
        player('Cat', none, 0, 31929 / 1130),
        player('Dan', none, 0, 42459 / 1130),
      ],
      played: 0,
    }
    const result = sideGameStandings({ version: 1, scramble: { teams: 'group' } }, card)
    expect(result.notes).toEqual([
      "Scramble team handicap 14: 25% of Ann's 10.3, 20% of Ben's 15.4, 15% of Cat's 28.3 and 10% of Dan's 37.6",
    ])
    expect(result.settlement.units).toEqual([])
  })

  it('plays two sides of 2 off their team handicaps, net total against net total', () => {
    // Ann & Ben: 35% of 10 + 15% of 20 = 3.5 + 3.0 = 6.5 → 7. Cat & Dan: 35% of 0.6 + 15% of
    // 8.6 = 0.21 + 1.29 = 1.5 → 2. Gross 4 4 4 = 12 − 7 = 5 against 3 3 4 = 10 − 2 = 8.
    const card = {
      players: [
        player('Ann', none, 0, 10),
        player('Ben', none, 0, 20),
        player('Cat', none, 0, 0.6),
        player('Dan', none, 0, 8.6),
      ],
      played: 3,
      scrambleStrokes: [
        [4, 4, 4],
        [3, 3, 4],
      ] as [number[], number[]],
    }
    const games: SideGames = {
      version: 1,
      sides: [
        [0, 1],
        [2, 3],
      ],
      scramble: { teams: 'sides', stake: points(3) },
    }
    const result = sideGameStandings(games, card)
    expect(result.notes).toEqual([
      "Scramble: Ann & Ben off 7 (35% of Ann's 10.0 and 15% of Ben's 20.0)",
      "Scramble: Cat & Dan off 2 (35% of Cat's 0.6 and 15% of Dan's 8.6)",
    ])
    expect(result.holes.map((hole) => hole.lines)).toEqual([
      ['Scramble: Ann & Ben 4, Cat & Dan 3 gross thru 1'],
      ['Scramble: Ann & Ben 8, Cat & Dan 6 gross thru 2'],
      ['Scramble: Ann & Ben net 5 (12 − 7), Cat & Dan net 8 (10 − 2): Ann & Ben win'],
    ])
    expect(result.settlement.units[0]?.payments.map((payment) => payment.text)).toEqual([
      'Cat pays Ann 3 points',
      'Dan pays Ben 3 points',
    ])
  })
})

describe('validateSideGames', () => {
  const fourOn18 = { players: 4, holes: 18 }
  const everything: SideGames = {
    version: 1,
    sides: [
      [0, 2],
      [1, 3],
    ],
    skins: {
      basis: 'net',
      carryOver: true,
      stake: { kind: 'money', amount: 2.5, currency: 'GBP' },
    },
    nassau: { pressAt: 2, stake: points(1) },
    fourBall: { stake: euros(10) },
    scramble: { teams: 'group' },
  }

  it('accepts every game on a card of 4 and 18 holes, also after a trip through JSON', () => {
    expect(validateSideGames(everything, fourOn18)).toEqual({ ok: true, games: everything })
    const stored: unknown = JSON.parse(JSON.stringify(everything))
    expect(validateSideGames(stored, fourOn18).ok).toBe(true)
  })

  const problems = (value: unknown, card = fourOn18) => {
    const result = validateSideGames(value, card)
    return result.ok ? [] : result.problems
  }
  const skinsFor = (stake: unknown) => ({
    version: 1,
    skins: { basis: 'gross', carryOver: false, stake },
  })

  it('refuses a stake that is negative, not a number, or finer than its currency', () => {
    expect(problems(skinsFor({ kind: 'points', amount: -1 }))).toEqual([
      "The skins stake can't be negative.",
    ])
    expect(problems(skinsFor({ kind: 'points', amount: '5' }))).toEqual([
      'The skins stake must be a number.',
    ])
    expect(problems(skinsFor({ kind: 'points', amount: Number.NaN }))).toEqual([
      'The skins stake must be a number.',
    ])
    expect(problems(skinsFor({ kind: 'points', amount: 1.5 }))).toEqual([
      'The skins stake must be a whole number of points.',
    ])
    expect(problems(skinsFor({ kind: 'money', amount: 2.555, currency: 'EUR' }))).toEqual([
      'The skins stake in EUR has at most 2 decimals.',
    ])
    expect(problems(skinsFor({ kind: 'money', amount: 500.5, currency: 'JPY' }))).toEqual([
      "The skins stake in JPY can't have decimals.",
    ])
    expect(problems(skinsFor({ kind: 'money', amount: 5, currency: 'euro' }))).toEqual([
      'The skins stake needs a currency code such as EUR, GBP or USD.',
    ])
    expect(problems(skinsFor({ kind: 'points', amount: 10_001 }))).toEqual([
      "The skins stake can't be more than 10,000.",
    ])
    expect(problems(skinsFor(undefined))).toEqual([
      'The skins stake is missing: points or an amount of money.',
    ])
  })

  it('refuses a four-ball with 3 players and a Nassau on a 9-hole card', () => {
    expect(
      problems({ version: 1, fourBall: { stake: points(1) } }, { players: 3, holes: 18 }),
    ).toEqual(['A four-ball match needs 4 players; this card has 3.'])
    expect(
      problems(
        { version: 1, nassau: { pressAt: null, stake: points(1) } },
        { players: 2, holes: 9 },
      ),
    ).toEqual(['A Nassau needs 18 holes; this card has 9.'])
    expect(
      problems({ version: 1, nassau: { pressAt: 2, stake: points(1) } }, { players: 3, holes: 18 }),
    ).toEqual(['A Nassau is 2 players or two sides of 2; this card has 3.'])
    expect(
      problems({ version: 1, scramble: { teams: 'group' } }, { players: 3, holes: 18 }),
    ).toEqual(['A scramble team is 2 or 4 players; this card has 3.'])
  })

  it('asks for the sides when 4 players play a game of sides, each player in one pair', () => {
    const fourBall = { stake: points(1) }
    expect(problems({ version: 1, fourBall })).toEqual([
      'Choose the two sides: each of the 4 players in one pair.',
    ])
    expect(
      problems({
        version: 1,
        fourBall,
        sides: [
          [0, 0],
          [1, 2],
        ],
      }),
    ).toEqual(['Choose the two sides: each of the 4 players in one pair.'])
    expect(
      problems({
        version: 1,
        fourBall,
        sides: [
          ['0', '1'],
          ['2', '3'],
        ],
      }),
    ).toEqual(['Choose the two sides: each of the 4 players in one pair.'])
  })

  it('refuses what it does not know, so what is stored stays small', () => {
    expect(problems({ version: 1, wolf: { stake: points(1) } })).toEqual([
      '"wolf" is not a side game HCPFast knows.',
      'Choose at least one side game.',
    ])
    expect(
      problems({ version: 1, fourBall: { stake: points(1), holes: 10_000 } }, fourOn18),
    ).toEqual([
      'The four-ball match has a setting HCPFast does not know: "holes".',
      'Choose the two sides: each of the 4 players in one pair.',
    ])
    expect(problems({ version: 2, skins: skinsFor(points(1)).skins })).toEqual([
      'These side games were saved by a newer HCPFast: update the app to read them.',
    ])
    expect(
      problems({ version: 1, nassau: { pressAt: 3, stake: points(1) } }, { players: 2, holes: 18 }),
    ).toEqual(['A Nassau presses at 2 down, or not at all.'])
    expect(problems(null)).toEqual(['No side games were chosen.'])
    expect(problems({ version: 1 })).toEqual(['Choose at least one side game.'])
  })

  it('refuses a stake on a scramble of the whole group: nobody in it to play against', () => {
    expect(
      problems(
        { version: 1, scramble: { teams: 'group', stake: points(1) } },
        { players: 2, holes: 18 },
      ),
    ).toEqual([
      'A scramble of the whole group has nobody in the group to play for a stake: play it as two sides.',
    ])
  })
})
