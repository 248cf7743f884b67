import type { Reporter, TestSpecification } from 'vitest/node'

/**
 * Vitest runs the projects' global setups one after another before any test, and each starts a
 * Postgres of its own (the browser journeys' also builds the app). A reporter hears the run's
 * files first: this one has the setups of the projects in the run start their servers now, all at
 * once, and each setup then takes what was started. First run only: Vitest sets a project up once,
 * so a rerun (watch mode) would start servers that no setup takes.
 */
export default class StartEarly implements Reporter {
  private started = false

  async onTestRunStart(specifications: readonly TestSpecification[]) {
    if (this.started) return
    this.started = true
    const setups = new Set(specifications.flatMap((spec) => spec.project.config.globalSetup))
    for (const file of setups) {
      const setup = (await import(file)) as { startEarly?: () => void }
      setup.startEarly?.()
    }
  }
}
