import { TeeDialog } from '@/features/courses/components/tee-dialog'
import { isScorable } from '@/features/courses/lib/course-tees'
import {
  editTeeOptimistically,
  selectTeesByCourse,
  useTeesStore,
} from '@/features/courses/stores/tees-table'
import { formatHandicapIndex } from '@/features/handicap/lib/handicap-index'
import { parseStartingIndex } from '@/features/handicap/lib/starting-index'
import { indexOn } from '@/features/handicap/stores/handicap-store'
import {
  CourseField,
  DatePlayedField,
  HolesPlayedField,
  NineFields,
  TeeField,
} from '@/features/rounds/components/round-fields'
import { parseNineFields, readPlayedOn } from '@/features/rounds/lib/read-round-fields'
import { localToday } from '@/features/rounds/lib/played-on'
import {
  SideGamesPicker,
  useSideGamesPicker,
  type SideGamesPickerState,
} from '@/features/scorecard/components/side-games-picker'
import { startCard, writeCard, type CardGame } from '@/features/scorecard/lib/card'
import {
  ALLOWANCE_INVALID,
  MATCH_PLAYERS,
  PARTNER_INDEX_INVALID,
  PARTNER_NAME_INVALID,
  firstTeeFigures,
  parseAllowance,
  parsePartnerName,
  playableWith,
  startGame,
} from '@/features/scorecard/lib/first-tee'
import { DEFAULT_ALLOWANCE } from '@/features/scorecard/lib/formats'
import { readSideGames } from '@/features/scorecard/lib/side-games-draft'
import type { SideGames } from '@/lib/tables/side-games'
import { StartRoundDialog as StartRound } from '@/features/start-round/components/start-round-dialog'
import type { StartRoundPort } from '@/features/start-round/port'
import type { RoundCourse } from '@/lib/tables/rounds'
import { handicapStore, useHandicap } from '../handicap'
import { useTeeTargets } from './tee-targets'

/** Start a round is made of the rounds' fields, the courses' tees, the handicap and the card. */
const port: StartRoundPort<CardGame, SideGames, SideGamesPickerState> = {
  fields: {
    CourseField,
    TeeField,
    HolesPlayedField,
    NineFields,
    DatePlayedField,
    parseNineFields,
    readPlayedOn,
    localToday,
  },
  handicap: {
    indexOn: (day) => indexOn(handicapStore.getState(), day),
    useIndexOn: (day) => useHandicap((state) => indexOn(state, day)),
    useTeeTargets,
    formatIndex: formatHandicapIndex,
    parseIndex: parseStartingIndex,
  },
  courses: {
    isScorable,
    useTeesOfCourse: (courseId) => useTeesStore(selectTeesByCourse).get(courseId),
    AddHolesDialog: ({ course, tee, onClose, onSaved }) => (
      <TeeDialog
        courseId={course.id}
        courseName={course.name}
        tee={tee}
        withHoles
        onOpenChange={(open) => {
          if (!open) onClose()
        }}
        onSave={(input) => {
          void editTeeOptimistically(tee, input)
          onSaved()
        }}
      />
    ),
  },
  game: {
    defaultAllowance: DEFAULT_ALLOWANCE,
    messages: {
      partnerName: PARTNER_NAME_INVALID,
      partnerIndex: PARTNER_INDEX_INVALID,
      allowance: ALLOWANCE_INVALID,
      matchPlayers: MATCH_PLAYERS,
    },
    parsePartnerName,
    parseAllowance,
    playableWith,
    figures: firstTeeFigures,
    start: startGame,
    useSideGamesPicker,
    SideGamesPicker,
    readSideGames(picker, card) {
      const read = readSideGames(picker.draft, card)
      if ('games' in read) return read
      picker.setProblems(read.problems)
      return false
    },
    startCard(userId, { course, tee, played, playedOn, game }) {
      const card = startCard(course, tee, played, playedOn, game)
      return writeCard(userId, card) ? card.id : null
    },
  },
}

interface StartRoundDialogProps {
  userId: string
  courses: readonly RoundCourse[]
  onStarted(id: string): void
}

export const StartRoundDialog = (props: StartRoundDialogProps) => (
  <StartRound port={port} {...props} />
)
