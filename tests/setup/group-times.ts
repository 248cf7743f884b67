import type { Reporter, TestModule } from 'vitest/node'

interface Group {
  order: number
  projects: Set<string>
  lastEnd: number
}

/**
 * Prints how long each group of `vitest run` took, end to end (its global setup included), so a
 * slow group is named in every run's output rather than found by profiling.
 */
export default class GroupTimes implements Reporter {
  private runStart = performance.now()
  private readonly groups = new Map<number, Group>()

  onInit() {
    this.runStart = performance.now()
  }

  onTestModuleEnd(testModule: TestModule) {
    const order = testModule.project.config.sequence.groupOrder ?? 0
    const group = this.groups.get(order) ?? { order, projects: new Set(), lastEnd: 0 }
    group.projects.add(testModule.project.name)
    group.lastEnd = Math.max(group.lastEnd, performance.now())
    this.groups.set(order, group)
  }

  onTestRunEnd() {
    const groups = [...this.groups.values()].sort((a, b) => a.order - b.order)
    if (groups.length === 0) return
    let start = this.runStart
    const lines = groups.map((group) => {
      const seconds = (group.lastEnd - start) / 1000
      start = group.lastEnd
      return `  ${[...group.projects].sort().join(' + ')}: ${seconds.toFixed(0)} s`
    })
    console.log(`\nTime per group (each from the end of the one before):\n${lines.join('\n')}`)
  }
}
