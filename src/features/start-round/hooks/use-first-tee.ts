import { useRef, useState } from 'react'
import type { GameFormat } from '@/lib/tables/games'

export interface PartnerDraft {
  key: number
  name: string
  index: string
  teeId: string
}

export type FieldErrors = Record<string, string>

/** Keeps what was typed when `readFirstTee` refuses it. */
export function useFirstTee(defaultAllowance: Readonly<Record<GameFormat, number>>) {
  const [format, setFormat] = useState<GameFormat>('stroke')
  const [allowance, setAllowance] = useState(String(defaultAllowance.stroke))
  const [ownIndex, setOwnIndex] = useState('')
  const [partners, setPartners] = useState<PartnerDraft[]>([])
  const [errors, setErrors] = useState<FieldErrors>({})
  const nextKey = useRef(1)
  return {
    format,
    allowance,
    ownIndex,
    partners,
    errors,
    setFormat(next: GameFormat) {
      setFormat(next)
      // The Appendix C figure of the new format; a golfer who wants another types it after.
      setAllowance(String(defaultAllowance[next]))
      setErrors(({ allowance: _allowance, players: _players, ...rest }) => rest)
    },
    setAllowance(text: string) {
      setAllowance(text)
      setErrors(({ allowance: _allowance, ...rest }) => rest)
    },
    setOwnIndex(text: string) {
      setOwnIndex(text)
      setErrors(({ ownIndex: _ownIndex, ...rest }) => rest)
    },
    addPartner(teeId: string): number {
      const key = nextKey.current++
      setPartners((drafts) => [...drafts, { key, name: '', index: '', teeId }])
      return key
    },
    changePartner(key: number, change: Partial<Omit<PartnerDraft, 'key'>>) {
      setPartners((drafts) =>
        drafts.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)),
      )
      const cleared = new Set([...Object.keys(change).map((field) => `${key}-${field}`), 'players'])
      setErrors((known) =>
        Object.fromEntries(Object.entries(known).filter(([field]) => !cleared.has(field))),
      )
    },
    removePartner(key: number) {
      setPartners((drafts) => drafts.filter((draft) => draft.key !== key))
      setErrors(({ players: _players, ...rest }) => rest)
    },
    setErrors,
  }
}

export type FirstTee = ReturnType<typeof useFirstTee>
