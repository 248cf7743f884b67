import { CoursesList } from '@/features/courses/components/courses-list'

export function CoursesScreen() {
  return (
    <>
      <header className="screen__header">
        <h1 className="screen__title">Courses</h1>
        <p className="screen__lead">Input your courses below to get started.</p>
      </header>
      <CoursesList />
    </>
  )
}
