import { useState } from 'react'
import type { NineSide, RoundCourse, RoundTee } from '@/lib/tables/rounds'
import type { Tee } from '@/lib/tables/tees'
import type { CoursesPort } from '../port'
import { playedRange } from '../lib/played-range'

/** The course, tee and holes chosen; only a tee with every hole's par and index can be scored. */
export function useTeeChoice(courses: readonly RoundCourse[], port: CoursesPort) {
  const [courseId, setCourseId] = useState(courses.length === 1 ? (courses[0]?.id ?? '') : '')
  const course = courses.find((known) => known.id === courseId)
  const courseTees = course?.teesKnown === false ? [] : (course?.tees ?? [])
  const tees = courseTees.filter(port.isScorable)
  const withoutHoles = port.useTeesOfCourse(courseId)?.filter((known) => !port.isScorable(known))
  const [addingHoles, setAddingHoles] = useState<Tee | null>(null)
  const [teeId, setTeeId] = useState<string | null>(null)
  const tee: RoundTee | undefined = tees.find((known) => known.id === teeId) ?? tees[0]
  const [played, setPlayed] = useState<'all' | NineSide>('all')
  const nine = tee?.holes === 18 && played !== 'all' ? played : null
  const [from, to] = playedRange(tee, nine)
  return {
    course,
    tees,
    tee,
    withoutHoles,
    addingHoles,
    setAddingHoles,
    setTeeId,
    played,
    setPlayed,
    nine,
    from,
    to,
    chooseCourse(id: string) {
      setCourseId(id)
      setTeeId(null)
      setPlayed('all')
    },
    chooseTee(id: string) {
      setTeeId(id)
      setPlayed('all')
    },
  }
}

export type TeeChoice = ReturnType<typeof useTeeChoice>
