import { useState } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import type { RoundCourse } from '@/lib/tables/rounds'
import { useStartRound } from '../hooks/use-start-round'
import type { StartRoundPort } from '../port'
import { FirstTeeFields } from './first-tee-fields'
import { TeeHolesOffer } from './tee-holes-offer'

export interface StartRoundDialogProps<Game, SideGames, Picker> {
  port: StartRoundPort<Game, SideGames, Picker>
  userId: string
  courses: readonly RoundCourse[]
  onStarted(id: string): void
}

/** The card is made on the device at once (its id is the round's to be). */
export function StartRoundDialog<Game, SideGames, Picker>(
  props: StartRoundDialogProps<Game, SideGames, Picker>,
) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Start a round"
      trigger={
        <button type="button" className="button button--primary button--wide">
          Start a round
        </button>
      }
    >
      <StartRoundForm {...props} />
    </Dialog>
  )
}

function StartRoundForm<Game, SideGames, Picker>(
  props: StartRoundDialogProps<Game, SideGames, Picker>,
) {
  const { port, courses } = props
  const { fields, game } = port
  const form = useStartRound(props)
  const { choice, golferTee, firstTee, nineTyped } = form
  const { course, tee, nine, from, to } = choice
  // For a nine of an 18-hole tee the typed rating decides it, so no target is shown.
  const targetOf = port.handicap.useTeeTargets()
  const partnerNames = firstTee.partners.map((partner) => partner.name)

  return (
    <form
      className="form"
      onSubmit={form.submit}
      noValidate
      onChange={(event) => form.change(new FormData(event.currentTarget))}
    >
      <fields.CourseField
        courses={courses}
        value={course?.id ?? ''}
        onChange={choice.chooseCourse}
      />
      {tee ? (
        <fields.TeeField tees={choice.tees} value={tee.id} onChange={choice.chooseTee} />
      ) : null}
      {tee && !nine ? targetOf(tee) : null}
      <TeeHolesOffer choice={choice} courses={port.courses} />
      {tee?.holes === 18 ? (
        <fields.HolesPlayedField value={choice.played} onChange={choice.setPlayed} />
      ) : null}
      {nine ? <fields.NineFields /> : null}
      <fields.DatePlayedField today={form.today} defaultValue={form.today} />
      {golferTee ? (
        <FirstTeeFields
          port={port}
          firstTee={firstTee}
          storedIndex={form.storedIndex}
          golferTee={golferTee}
          tees={form.gameTees}
          played={{
            teeId: golferTee.id,
            rating: nine
              ? (nineTyped?.rating ?? Math.round(golferTee.rating * 5) / 10)
              : golferTee.rating,
            slope: nine ? (nineTyped?.slope ?? golferTee.slope) : golferTee.slope,
            from,
            to,
          }}
        />
      ) : null}
      {golferTee && firstTee.partners.length > 0 ? (
        <game.SideGamesPicker picker={form.sideGames} partnerNames={partnerNames} />
      ) : null}
      <p className="field__hint">
        The card is kept on this device until you finish it; the round then reaches your other
        devices.
      </p>
      <AlertMessage message={form.alert} onDismiss={() => form.setAlert(null)} />
      <DialogActions submitLabel="Start scoring" />
    </form>
  )
}
