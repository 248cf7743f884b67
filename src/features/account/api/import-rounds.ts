import { supabase } from '@/lib/supabase'
import type { ImportPlan } from '../lib/import-plan'
import { callImportRounds } from './account-queries'

export type { ImportResult } from './account-queries'

/** Stores an import's plan in one call and one transaction (`callImportRounds`). */
export const importRounds = (plan: Pick<ImportPlan, 'toAdd' | 'tees' | 'settings'>) =>
  callImportRounds(supabase, plan)
