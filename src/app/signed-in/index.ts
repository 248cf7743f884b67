export { SignedInLayout } from './signed-in-layout'
export { CoursesScreen } from './courses-screen'
export { HcpScreen } from './hcp-screen'
export { AccountScreen } from './account-screen'
