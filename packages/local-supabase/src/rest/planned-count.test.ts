import { describe, expect, it } from 'vitest'
import { countTotal, plannedRows } from './planned-count.ts'

describe('plannedRows', () => {
  it("reads the estimate under the count's InitPlan", () => {
    const plan = [
      {
        Plan: {
          'Node Type': 'Aggregate',
          'Plan Rows': 1,
          Plans: [
            {
              'Node Type': 'Aggregate',
              'Parent Relationship': 'InitPlan',
              'Plan Rows': 1,
              Plans: [
                { 'Node Type': 'Seq Scan', 'Parent Relationship': 'Outer', 'Plan Rows': 1270 },
              ],
            },
            { 'Node Type': 'Limit', 'Parent Relationship': 'Outer', 'Plan Rows': 1000 },
          ],
        },
      },
    ]
    expect(plannedRows(plan)).toBe(1270)
    expect(plannedRows([{ Plan: { 'Node Type': 'Result', 'Plan Rows': 1 } }])).toBeUndefined()
  })
})

describe('countTotal', () => {
  it('answers the estimate for planned, the exact count for estimated up to max-rows', () => {
    expect(countTotal('exact', 5, 1270, 1000)).toBe(5)
    expect(countTotal('planned', 5, 1270, 1000)).toBe(1270)
    expect(countTotal('estimated', 5, 1270, 1000)).toBe(5)
    expect(countTotal('estimated', 1500, 1270, 1000)).toBe(1270)
    expect(countTotal('planned', 5, undefined, 1000)).toBe(5)
  })
})
