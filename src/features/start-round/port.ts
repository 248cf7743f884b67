import type { ComponentType, ReactNode } from 'react'
import type { GameTee, PlayedHoles } from '@/lib/played-holes'
import type { GameFormat } from '@/lib/tables/games'
import type { NineSide, RoundCourse, RoundTee } from '@/lib/tables/rounds'
import type { Tee } from '@/lib/tables/tees'

export interface PartnerSetup {
  name: string
  index: number
  tee: GameTee
}

export interface Figures {
  courseHandicap: number
  playingHandicap: number
  strokes: number
}

type TypedNine = { side: NineSide; rating: number; slope: number }

export interface CardStart<Game> {
  course: RoundCourse
  tee: GameTee
  played: PlayedHoles
  playedOn: string
  game: Game | null
}

interface FieldProps<V> {
  value: V
  onChange(value: V): void
}

/** The typed round's fields, so both dialogs ask the same way. */
export interface RoundFieldsPort {
  CourseField: ComponentType<FieldProps<string> & { courses: readonly RoundCourse[] }>
  TeeField: ComponentType<FieldProps<string> & { tees: readonly RoundTee[] }>
  HolesPlayedField: ComponentType<FieldProps<'all' | NineSide>>
  NineFields: ComponentType
  DatePlayedField: ComponentType<{ today: string; defaultValue: string }>
  parseNineFields(form: FormData, side: NineSide): TypedNine | string
  readPlayedOn(form: FormData): { day: string } | { refused: string }
  localToday(): string
}

export interface HandicapPort {
  indexOn(day: string): number | null
  useIndexOn(day: string): number | null
  /** The target score line of a tee, or nothing while the store has not made it. */
  useTeeTargets(): (tee: RoundTee) => ReactNode
  formatIndex(index: number): string
  parseIndex(text: string): number | null
}

/** The courses' tees: a tee without each hole's par and index is offered its holes' grid. */
export interface CoursesPort {
  isScorable(tee: RoundTee): boolean
  useTeesOfCourse(courseId: string): readonly Tee[] | undefined
  AddHolesDialog: ComponentType<{
    course: RoundCourse
    tee: Tee
    onClose(): void
    onSaved(): void
  }>
}

export interface GamePort<Game, SideGames, SideGamesPicker> {
  defaultAllowance: Readonly<Record<GameFormat, number>>
  messages: { partnerName: string; partnerIndex: string; allowance: string; matchPlayers: string }
  parsePartnerName(text: string): string | null
  parseAllowance(text: string): number | null
  playableWith(tee: GameTee, golfer: GameTee): boolean
  figures(
    format: GameFormat,
    allowancePercent: number,
    golfer: { index: number; tee: GameTee },
    partners: readonly PartnerSetup[],
    played: PlayedHoles,
  ): Figures[]
  start(
    format: GameFormat,
    allowancePercent: number,
    golfer: { index: number; tee: GameTee },
    partners: readonly PartnerSetup[],
    played: PlayedHoles,
  ): Game
  useSideGamesPicker(): SideGamesPicker
  SideGamesPicker: ComponentType<{ picker: SideGamesPicker; partnerNames: readonly string[] }>
  /** The side games chosen, or false once their problems are shown in the picker. */
  readSideGames(
    picker: SideGamesPicker,
    card: { players: number; holes: number },
  ): { games: SideGames | null } | false
  /** The new card's id (the round's to be), or null when this device cannot keep it. */
  startCard(userId: string, start: CardStart<Game>): string | null
}

export interface StartRoundPort<Game, SideGames, SideGamesPicker> {
  fields: RoundFieldsPort
  handicap: HandicapPort
  courses: CoursesPort
  game: GamePort<Game, SideGames, SideGamesPicker>
}
