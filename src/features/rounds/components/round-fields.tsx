import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { TEE_BOUNDS, teeRatingHint } from '@/lib/tables/tees'
import type { RoundTee } from '@/lib/tables/rounds'
import { EARLIEST_PLAYED_ON } from '../lib/played-on'
import type { CourseChoice, NineSide } from '../types'

/* Shared by Add/Edit Round and Start a round: the same labels, choices and bounds in both. */

export type Played = 'all' | NineSide

/** A nine of an 18-hole tee is played off its own 9-hole rating and slope, typed as on the card. */
export function NineFields({
  initial,
  readOnly = false,
}: {
  initial?: { courseRating?: number; slopeRating?: number }
  /** A card's nine is fixed (its holes were played there). */
  readOnly?: boolean
}) {
  return (
    <>
      <TextField
        label="Nine's Course Rating"
        name="nineRating"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={initial?.courseRating?.toFixed(1) ?? ''}
        readOnly={readOnly}
        hint={`${teeRatingHint(9)}, as on the scorecard`}
      />
      <TextField
        label="Nine's Slope Rating"
        name="nineSlope"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={initial?.slopeRating ?? ''}
        readOnly={readOnly}
        hint={`A whole number from ${TEE_BOUNDS.slope.min} to ${TEE_BOUNDS.slope.max}`}
      />
    </>
  )
}

const fixedProps = (fixedBy: string | undefined) =>
  fixedBy ? { disabled: true, 'aria-describedby': fixedBy } : {}

export function CourseField({
  courses,
  value,
  onChange,
  fixedBy,
}: {
  courses: readonly CourseChoice[]
  value: string
  onChange(id: string): void
  fixedBy?: string
}) {
  return (
    <SelectField
      label="Course Name"
      name="courseId"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...fixedProps(fixedBy)}
    >
      {courses.length === 1 ? null : <option value="">Choose a course</option>}
      {courses.map((known) => (
        <option key={known.id} value={known.id}>
          {known.name}
        </option>
      ))}
    </SelectField>
  )
}

export function TeeField({
  tees,
  value,
  onChange,
  fixedBy,
}: {
  tees: readonly RoundTee[]
  value: string
  onChange(id: string): void
  fixedBy?: string
}) {
  return (
    <SelectField
      label="Tee"
      name="teeId"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...fixedProps(fixedBy)}
    >
      {tees.map((known) => (
        <option key={known.id} value={known.id}>
          {known.name} ({known.holes} holes)
        </option>
      ))}
    </SelectField>
  )
}

export function HolesPlayedField({
  value,
  onChange,
  fixedBy,
}: {
  value: Played
  onChange(played: Played): void
  fixedBy?: string
}) {
  return (
    <SelectField
      label="Holes Played"
      name="played"
      value={value}
      onChange={(event) => onChange(event.target.value as Played)}
      {...fixedProps(fixedBy)}
    >
      <option value="all">All 18 holes</option>
      <option value="front">Front nine (holes 1–9)</option>
      <option value="back">Back nine (holes 10–18)</option>
    </SelectField>
  )
}

export function DatePlayedField({ today, defaultValue }: { today: string; defaultValue: string }) {
  return (
    <TextField
      label="Date Played"
      name="playedOn"
      type="date"
      min={EARLIEST_PLAYED_ON}
      max={today}
      defaultValue={defaultValue}
      hint="Today, or the day you played; not in the future"
    />
  )
}
