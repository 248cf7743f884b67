import { create } from 'zustand'
import { registerReset } from '@/stores/resets'
import { listAttestations, type Attestations } from '../api/list-attestations'

interface AttestationsState {
  byRound: Attestations
}

export const useAttestationsStore = create<AttestationsState>(() => ({ byRound: {} }))

let latest = 0
/** Whether a rounds list has read them since sign-in: before that, its first read is enough. */
let shown = false

registerReset(() => {
  // A read still under way belongs to the golfer who left.
  latest++
  shown = false
  useAttestationsStore.setState({ byRound: {} })
})

/** An attestation came in live, or may have been missed: read them again once a list has. */
export function refreshShownAttestations(): void {
  if (shown) void reloadAttestations()
}

/** A failed read keeps what was shown: the mark is a courtesy, and the list reads again. */
export async function reloadAttestations(): Promise<void> {
  shown = true
  const asked = ++latest
  try {
    const byRound = await listAttestations()
    if (asked === latest) useAttestationsStore.setState({ byRound })
  } catch {
    // Offline or refused: the round itself is unaffected; nothing to tell the golfer.
  }
}
