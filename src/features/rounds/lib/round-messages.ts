/** product-spec §8, word for word. */
export const ADD_ROUND_INVALID =
  'Error adding round. Please make sure that score is a valid number and you have selected a course. Input courses on "Courses" page at bottom of screen.'
export const ADD_ROUND_UNAVAILABLE = "Couldn't save the round. Check your connection and try again."
export const ADD_ROUND_COURSE_GONE =
  "Couldn't save the round: its course is no longer in your courses."
export const DELETE_ROUND_UNAVAILABLE =
  "Couldn't delete the round. Check your connection and try again."
export const LOAD_ROUNDS_FAILED = "Couldn't load your rounds. Check your connection and try again."
export const EDIT_ROUND_UNAVAILABLE =
  "Couldn't save your changes to the round. Check your connection and try again."
export const UNDO_ROUND_FAILED = "Couldn't bring the round back."
export const ROUND_DELETED = 'Round deleted.'
export const PLAYED_ON_IN_FUTURE = "The date played can't be in the future."
export const PLAYED_ON_INVALID = 'Enter the date played, from 1900 to today.'
export const EDIT_ROUND_GONE =
  "Couldn't save your changes: the round was deleted on another device."
export const NINE_SCORE_INVALID = 'The gross score of a nine must be a whole number from 9 to 100.'

export const GAME_INVALID =
  "Couldn't save the round's game: check each player's name, index and tee, and the allowance."

/** A check's name appears when a row skipped the trigger. Null: not a refusal of the game. */
const GAME_REFUSALS: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [
    /a game is kept only with a round scored hole by hole/,
    () => 'A game is kept only with a round scored hole by hole.',
  ],
  [
    /the game's format must be/,
    () => "The game's format must be stroke play, Stableford or match play.",
  ],
  [
    /the allowance must be a whole number/,
    () => 'The allowance must be a whole number from 0 to 100%.',
  ],
  [
    /^your playing handicap/,
    () => 'Your playing handicap must be a whole number from -100 to 200.',
  ],
  [/a game has 1 to 3 partners/, () => 'A game has 2 to 4 players: you and 1 to 3 partners.'],
  [/match play is against exactly 1 partner/, () => 'Match play is you against one partner.'],
  [
    /^partner (\d+): the name must be/,
    ([, n]) => `Partner ${n}'s name must be 1 to 60 characters.`,
  ],
  [
    /^partner (\d+): the index must be/,
    ([, n]) => `Partner ${n}'s index must be from +10.0 to 54.0, in tenths.`,
  ],
  [/^partner (\d+): pick a tee/, ([, n]) => `Pick a tee for partner ${n}.`],
  [
    /^partner (\d+): the tee must be one of your tees/,
    ([, n]) => `Partner ${n}'s tee must be one of this course's tees.`,
  ],
  [
    /^partner (\d+): the playing handicap/,
    ([, n]) => `Partner ${n}'s playing handicap must be a whole number from -100 to 200.`,
  ],
  [
    /^partner (\d+): the card has (\d+) holes, but this round is played over (\d+)/,
    ([, n, card, holes]) => `Partner ${n}'s card has ${card} holes; this round has ${holes}.`,
  ],
  [
    /^partner (\d+), hole (\d+): strokes must be/,
    ([, n, hole]) => `Partner ${n}, hole ${hole}: strokes must be from 1 to 20, or picked up.`,
  ],
  [
    /^the holes you picked up must be a list/,
    () => 'The holes you picked up must be a list of hole numbers.',
  ],
  [
    /^you picked up on hole (.+), which this round does not have \(holes (\d+) to (\d+)\)/,
    ([, hole, first, last]) =>
      `You picked up on hole ${hole}, which this round does not have (holes ${first} to ${last}).`,
  ],
  [/^hole (\d+) is picked up more than once/, ([, hole]) => `Hole ${hole} is picked up twice.`],
  [
    /^hole (\d+) was picked up: it must be scored at net double bogey/,
    ([, hole]) =>
      `Hole ${hole} was picked up: it counts as net double bogey, off the same course handicap as your other holes picked up.`,
  ],
  [/violates check constraint "rounds_game_/, () => GAME_INVALID],
]

export function gameRefusal(message: string): string | null {
  for (const [pattern, words] of GAME_REFUSALS) {
    const match = pattern.exec(message)
    if (match) return words(match)
  }
  return null
}
