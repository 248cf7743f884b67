import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPool, newUser } from '../support.ts'

/**
 * PostgREST resource embedding through the real supabase-js, on the fixture's library
 * (20250101000200_library.sql): each user owns authors, books, reviews and tags, and every table's
 * RLS lets a user see only their own rows — so an embedded table is checked as the caller too.
 */

const pool = adminPool()
let owner: Awaited<ReturnType<typeof newUser>>
let other: Awaited<ReturnType<typeof newUser>>
const ids = { ada: 0, bo: 0, first: 0, second: 0, third: 0, fiction: 0, short: 0 }

async function insertOne(client: SupabaseClient, table: string, row: Record<string, unknown>) {
  const { data, error } = await client.from(table).insert(row).select('id').single()
  if (error) throw new Error(`${table}: ${error.message}`)
  return (data as { id: number }).id
}

beforeAll(async () => {
  ;[owner, other] = await Promise.all([newUser('embed-owner'), newUser('embed-other')])
  const c = owner.client
  ids.ada = await insertOne(c, 'authors', { name: 'Ada' })
  ids.bo = await insertOne(c, 'authors', { name: 'Bo' })
  ids.first = await insertOne(c, 'books', {
    title: 'First',
    pages: 100,
    author_id: ids.ada,
    editor_id: ids.bo,
  })
  ids.second = await insertOne(c, 'books', { title: 'Second', pages: 300, author_id: ids.ada })
  ids.third = await insertOne(c, 'books', { title: 'Third', pages: 200, author_id: ids.bo })
  const reviews = [5, 3, 4].map((stars) => ({ book_id: ids.first, stars }))
  expect((await c.from('reviews').insert(reviews)).error).toBeNull()
  expect(
    (await c.from('book_details').insert({ book_id: ids.first, summary: 'The opener' })).error,
  ).toBeNull()
  ids.fiction = await insertOne(c, 'tags', { name: 'fiction' })
  ids.short = await insertOne(c, 'tags', { name: 'short' })
  expect(
    (
      await c.from('book_tags').insert([
        { book_id: ids.first, tag_id: ids.fiction },
        { book_id: ids.first, tag_id: ids.short },
        { book_id: ids.second, tag_id: ids.fiction },
      ])
    ).error,
  ).toBeNull()
})

afterAll(async () => {
  await pool.end()
})

describe('many-to-one and one-to-many', () => {
  it('embeds the row a foreign key points to as an object, by column or constraint name', async () => {
    const { data, error } = await owner.client
      .from('books')
      .select('title, author:authors!author_id(name), editor:authors!books_editor_id_fkey(name)')
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { title: 'First', author: { name: 'Ada' }, editor: { name: 'Bo' } },
      { title: 'Second', author: { name: 'Ada' }, editor: null },
      { title: 'Third', author: { name: 'Bo' }, editor: null },
    ])
  })

  it('names the embed after the foreign key column when it is the target', async () => {
    const { data } = await owner.client
      .from('books')
      .select('title, author_id(name)')
      .eq('id', ids.third)
      .single()
    expect(data).toEqual({ title: 'Third', author_id: { name: 'Bo' } })
  })

  it('embeds the rows pointing back as an array, with filters, order, limit and offset', async () => {
    const { data, error } = await owner.client
      .from('authors')
      .select('name, books!author_id(title, pages)')
      .gte('books.pages', 150)
      .order('pages', { referencedTable: 'books', ascending: false })
      .order('name')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Ada', books: [{ title: 'Second', pages: 300 }] },
      { name: 'Bo', books: [{ title: 'Third', pages: 200 }] },
    ])
    const paged = await owner.client
      .from('authors')
      .select('name, books!author_id(title)')
      .eq('name', 'Ada')
      .order('title', { referencedTable: 'books' })
      .range(1, 1, { referencedTable: 'books' })
      .single()
    expect(paged.data).toEqual({ name: 'Ada', books: [{ title: 'Second' }] })
    const limited = await owner.client
      .from('authors')
      .select('name, books!author_id(title)')
      .eq('name', 'Ada')
      .order('title', { referencedTable: 'books', ascending: false })
      .limit(1, { referencedTable: 'books' })
      .single()
    expect(limited.data).toEqual({ name: 'Ada', books: [{ title: 'Second' }] })
  })

  it('gives an empty array when nothing points back, and nests embeds', async () => {
    const { data } = await owner.client
      .from('authors')
      .select('name, books!editor_id(title, reviews(stars), book_details(summary))')
      .order('name')
    expect(data).toEqual([
      { name: 'Ada', books: [] },
      {
        name: 'Bo',
        books: [
          {
            title: 'First',
            reviews: [{ stars: 5 }, { stars: 3 }, { stars: 4 }],
            book_details: { summary: 'The opener' },
          },
        ],
      },
    ])
  })

  it('counts related rows with rel(count)', async () => {
    const { data } = await owner.client
      .from('books')
      .select('title, reviews(count)')
      .order('id')
      .limit(2)
    expect(data).toEqual([
      { title: 'First', reviews: [{ count: 3 }] },
      { title: 'Second', reviews: [{ count: 0 }] },
    ])
  })

  it("embeds through a view that keeps a foreign key's column, on either side", async () => {
    const fromView = await owner.client
      .from('author_book_counts')
      .select('name, books!books_author_id_fkey(title)')
      .order('name')
      .order('title', { referencedTable: 'books' })
    expect(fromView.error).toBeNull()
    expect(fromView.data).toEqual([
      { name: 'Ada', books: [{ title: 'First' }, { title: 'Second' }] },
      { name: 'Bo', books: [{ title: 'Third' }] },
    ])
    const toView = await owner.client
      .from('books')
      .select('title, author_book_counts!books_author_id_fkey(name, books)')
      .eq('id', ids.third)
      .single()
    expect(toView.error).toBeNull()
    expect(toView.data).toEqual({ title: 'Third', author_book_counts: { name: 'Bo', books: 1 } })
  })
})

describe('many-to-many, join types and spreads', () => {
  it('embeds through a junction table', async () => {
    const { data } = await owner.client
      .from('books')
      .select('title, tags(name)')
      .order('id')
      .order('name', { referencedTable: 'tags' })
    expect(data).toEqual([
      { title: 'First', tags: [{ name: 'fiction' }, { name: 'short' }] },
      { title: 'Second', tags: [{ name: 'fiction' }] },
      { title: 'Third', tags: [] },
    ])
  })

  it('keeps only parents with a matching embedded row under !inner, and counts them so', async () => {
    const { data, count } = await owner.client
      .from('books')
      .select('title, reviews!inner(stars)', { count: 'exact' })
      .eq('reviews.stars', 5)
    expect(data).toEqual([{ title: 'First', reviews: [{ stars: 5 }] }])
    expect(count).toBe(1)
    const left = await owner.client
      .from('books')
      .select('title, reviews!left(stars)')
      .eq('reviews.stars', 5)
      .order('id')
    expect(left.data?.map((book) => book.reviews)).toEqual([[{ stars: 5 }], [], []])
  })

  it('filters parents on whether an embed is null', async () => {
    const { data } = await owner.client
      .from('books')
      .select('title, editor:authors!editor_id(name)')
      .not('editor', 'is', null)
    expect(data).toEqual([{ title: 'First', editor: { name: 'Bo' } }])
  })

  it('spreads a to-one embed into the parent, and a to-many one into arrays', async () => {
    const { data } = await owner.client
      .from('books')
      .select('title, ...authors!author_id(author_name:name)')
      .order('id')
    expect(data).toEqual([
      { title: 'First', author_name: 'Ada' },
      { title: 'Second', author_name: 'Ada' },
      { title: 'Third', author_name: 'Bo' },
    ])
    const many = await owner.client
      .from('authors')
      .select('name, ...books!author_id(title)')
      .eq('name', 'Ada')
      .order('title', { referencedTable: 'books', ascending: false })
      .single()
    expect(many.data).toEqual({ name: 'Ada', title: ['Second', 'First'] })
  })

  it('groups an aggregate by every column a to-one spread of * brings', async () => {
    const { data, error } = await owner.client
      .from('books')
      .select('count(), ...authors!author_id(*)')
    expect(error).toBeNull()
    const byName = [...(data ?? [])].sort((x, y) => String(x.name).localeCompare(String(y.name)))
    expect(byName).toEqual([
      { count: 2, id: ids.ada, user_id: owner.user.id, name: 'Ada' },
      { count: 1, id: ids.bo, user_id: owner.user.id, name: 'Bo' },
    ])
  })

  it('orders parents by a to-one embed', async () => {
    const { data } = await owner.client
      .from('books')
      .select('title, authors!author_id(name)')
      .order('authors(name)', { ascending: false })
      .order('id')
    expect(data?.map((book) => book.title)).toEqual(['Third', 'First', 'Second'])
  })

  it('embeds into the rows an insert returns', async () => {
    const { data, error } = await owner.client
      .from('books')
      .insert({ title: 'Fourth', author_id: ids.bo })
      .select('title, authors!author_id(name)')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ title: 'Fourth', authors: { name: 'Bo' } })
  })
})

describe('row-level security of embedded tables', () => {
  it("hides another user's rows in an embed, whichever side they are on", async () => {
    // The other user files a book under the owner's author (a foreign key check ignores RLS).
    const bookId = await insertOne(other.client, 'books', {
      title: 'Borrowed',
      author_id: ids.ada,
    })
    const theirs = await other.client
      .from('books')
      .select('title, authors!author_id(name)')
      .eq('id', bookId)
      .single()
    expect(theirs.data).toEqual({ title: 'Borrowed', authors: null })
    const inner = await other.client.from('books').select('title, authors!author_id!inner(name)')
    expect(inner.data).toEqual([])
    const mine = await owner.client
      .from('authors')
      .select('name, books!author_id(title)')
      .eq('id', ids.ada)
      .order('title', { referencedTable: 'books' })
      .single()
    expect(mine.data).toEqual({ name: 'Ada', books: [{ title: 'First' }, { title: 'Second' }] })
  })
})

describe('relationship errors', () => {
  it('answers an embed with no relationship with 400 PGRST200', async () => {
    const { error, status } = await owner.client.from('books').select('title, notes(title)')
    expect(status).toBe(400)
    // The hint, when there is one, is a fuzzy guess at the table meant.
    expect(error).toMatchObject({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'books' and 'notes' in the schema 'public', but no matches were found.",
      message: "Could not find a relationship between 'books' and 'notes' in the schema cache",
    })
    const typo = await owner.client.from('books').select('title, review(stars)')
    expect(typo.error?.hint).toBe("Perhaps you meant 'reviews' instead of 'review'.")
    const hinted = await owner.client.from('books').select('title, authors!no_such_fkey(name)')
    expect(hinted.error?.details).toBe(
      "Searched for a foreign key relationship between 'books' and 'authors' using the hint 'no_such_fkey' in the schema 'public', but no matches were found.",
    )
  })

  it('answers an ambiguous embed with 300 PGRST201, listing the relationships', async () => {
    const { error, status } = await owner.client.from('books').select('title, authors(name)')
    expect(status).toBe(300)
    expect(error).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'books with authors',
          relationship: 'books_author_id_fkey using books(author_id) and authors(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'books with authors',
          relationship: 'books_editor_id_fkey using books(editor_id) and authors(id)',
        },
      ],
      hint: "Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_id_fkey'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'books' and 'authors'",
    })
  })

  it('refuses parameters for a resource the select does not embed (PGRST108)', async () => {
    const { error, status } = await owner.client
      .from('books')
      .select('title')
      .eq('reviews.stars', 5)
    expect(status).toBe(400)
    expect(error).toEqual({
      code: 'PGRST108',
      details: null,
      hint: "Verify that 'reviews' is included in the 'select' query parameter.",
      message: "'reviews' is not an embedded resource in this request",
    })
  })
})

describe('identity defaults and overloads', () => {
  it('fills a missing identity with its next value under missing=default, NULL otherwise', async () => {
    const rows = [
      { id: 900_001, title: 'Given id' },
      { title: 'Default id' } as { id?: number; title: string },
    ]
    const defaulted = await owner.client
      .from('tags')
      .insert(
        rows.map(({ id, title }) => (id ? { id, name: title } : { name: title })),
        {
          defaultToNull: false,
        },
      )
      .select('id, name')
    expect(defaulted.error).toBeNull()
    expect(defaulted.data?.[0]).toEqual({ id: 900_001, name: 'Given id' })
    expect(defaulted.data?.[1]?.name).toBe('Default id')
    expect(typeof defaulted.data?.[1]?.id).toBe('number')
    const nulled = await owner.client
      .from('tags')
      .insert([{ id: 900_002, name: 'Given' }, { name: 'No id' }])
    expect(nulled.status).toBe(400)
    expect(nulled.error?.code).toBe('23502')
  })

  it('answers an ambiguous overload with 300 PGRST203 and calls the one the arguments pick', async () => {
    const ambiguous = await owner.client.rpc('books_by', { author: ids.ada })
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: public.books_by(author => bigint), public.books_by(author => bigint, min_pages => integer)',
    })
    const chosen = await owner.client
      .rpc('books_by', { author: ids.ada, min_pages: 200 })
      .select('title, authors!author_id(name)')
    expect(chosen.error).toBeNull()
    expect(chosen.data).toEqual([{ title: 'Second', authors: { name: 'Ada' } }])
  })
})
