import { describe, expect, it } from 'vitest'
import {
  PresenceTracker,
  TenantBroadcaster,
  tenantTopic,
  type TopicMember,
} from './tenant-broadcaster.ts'

/** A member that records what it is sent. */
function member() {
  const received: { event: string; payload: unknown }[] = []
  const self: TopicMember & { received: typeof received } = {
    received,
    deliver: (event, payloadJson) => received.push({ event, payload: JSON.parse(payloadJson) }),
    deliverBinary: (event, payload) => received.push({ event, payload }),
  }
  return self
}

describe('TenantBroadcaster', () => {
  it('keeps private and public topics of one name apart, and skips the sender if asked', () => {
    const broadcaster = new TenantBroadcaster()
    const [sender, other, outsider] = [member(), member(), member()]
    broadcaster.subscribe(tenantTopic('room', true), sender)
    broadcaster.subscribe(tenantTopic('room', true), other)
    broadcaster.subscribe(tenantTopic('room', false), outsider)
    broadcaster.publish(tenantTopic('room', true), 'broadcast', '{"n":1}', { from: sender })
    expect([sender.received, other.received, outsider.received]).toEqual([
      [],
      [{ event: 'broadcast', payload: { n: 1 } }],
      [],
    ])
  })
})

describe('PresenceTracker', () => {
  it('sends joins, an update as a leave and a join with phx_ref_prev, and leaves', () => {
    const broadcaster = new TenantBroadcaster()
    const presence = new PresenceTracker(broadcaster)
    const [first, second] = [member(), member()]
    broadcaster.subscribe('public:room', first)
    broadcaster.subscribe('public:room', second)

    presence.track('public:room', first, 'ann', { hole: 1 })
    const [joined] = presence.list('public:room').ann?.metas ?? []
    expect(joined).toEqual({ hole: 1, phx_ref: expect.any(String) as string })
    expect(second.received).toEqual([
      { event: 'presence_diff', payload: { joins: { ann: { metas: [joined] } }, leaves: {} } },
    ])

    presence.track('public:room', first, 'ann', { hole: 2 })
    const [updated] = presence.list('public:room').ann?.metas ?? []
    expect(updated).toMatchObject({ hole: 2, phx_ref_prev: joined?.phx_ref })
    expect(second.received[1]?.payload).toEqual({
      joins: { ann: { metas: [updated] } },
      leaves: { ann: { metas: [joined] } },
    })

    presence.untrack('public:room', first)
    expect(presence.list('public:room')).toEqual({})
    expect(second.received[2]?.payload).toEqual({
      joins: {},
      leaves: { ann: { metas: [updated] } },
    })
  })
})
