import { describe, expect, it } from 'vitest'
import { onRealtimeStatus, realtimeStatus, setRealtimeOpen } from './realtime-status.ts'

describe('the realtime socket’s status', () => {
  it('counts each new connection, and tells its listeners only of changes', () => {
    const heard: boolean[] = []
    const stop = onRealtimeStatus(() => heard.push(realtimeStatus().open))
    const start = realtimeStatus().generation
    setRealtimeOpen(true)
    setRealtimeOpen(true)
    expect(realtimeStatus()).toEqual({ open: true, generation: start + 1 })
    setRealtimeOpen(false)
    expect(realtimeStatus()).toEqual({ open: false, generation: start + 1 })
    setRealtimeOpen(true)
    expect(realtimeStatus()).toEqual({ open: true, generation: start + 2 })
    stop()
    setRealtimeOpen(false)
    expect(heard).toEqual([true, false, true])
  })
})
