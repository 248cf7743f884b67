import { expect, it } from 'vitest'
import { runLoad } from '../support/load.ts'
import { newGolfer, stackInfo } from '../support/stack.ts'

it('keeps every golfer’s events complete, unduplicated and private under concurrent load, on both feeds', async () => {
  const report = await runLoad({
    golfers: 20,
    roundsPerGolfer: 3,
    dbUrl: stackInfo().dbUrl,
    newGolfer: async () => {
      const golfer = await newGolfer('load')
      return { client: golfer.client, userId: golfer.user.id }
    },
  })
  // Half on the new app's private topic, half on the released app's Postgres Changes.
  expect(report.byFeed).toEqual({ broadcast: 10, postgres_changes: 10 })
  // Per golfer: two courses at once, three rounds, two deletes and two markers.
  expect(report.writes).toBe(20 * (1 + 3 + 2 + 2))
  expect({
    lost: report.lostEvents,
    duplicated: report.duplicateEvents,
    misdelivered: report.misdeliveredEvents,
    divergent: report.divergentGolfers,
  }).toEqual({ lost: 0, duplicated: 0, misdelivered: 0, divergent: 0 })
})
