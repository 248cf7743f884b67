import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { directoryTeesFromJson, type DirectoryEntry } from '../lib/directory'

/** Every word, case and accents aside, 20 at most; the database escapes and caps the text. */
export async function searchDirectory(query: string): Promise<DirectoryEntry[]> {
  const { data, error } = await supabase.rpc('search_directory', { query })
  if (error) throw new DataError(error)
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    isExample: row.is_example,
    publishedBy: row.published_by,
    tees: directoryTeesFromJson(row.tees),
  }))
}
