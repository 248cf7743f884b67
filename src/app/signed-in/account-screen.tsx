import { useNavigate } from 'react-router-dom'
import { AccountScreen as AccountSections } from '@/features/account/components/account-screen'
import { checkNewPassword } from '@/features/auth/lib/sign-up-checks'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { StartingIndexForm } from '@/features/handicap/components/starting-index'
import {
  selectCourseHandicapSource,
  selectStartingIndex,
  useHandicapSettingsStore,
} from '@/features/handicap/stores/handicap-settings-store'
import { recordOnDevice } from './record-on-device'
import { reloadAllRecords } from './records'
import { withWhsColumns } from './whs-export'

/** /account, with the sign-up form's password rules and the session's golfer. */
export function AccountScreen() {
  const navigate = useNavigate()
  const user = useSessionStore((state) => state.user)
  if (!user) return null
  return (
    <AccountSections
      userId={user.id}
      email={user.email}
      checkNewPassword={checkNewPassword}
      onDeleted={() => navigate('/', { replace: true })}
      recordOnDevice={recordOnDevice}
      onImported={reloadAllRecords}
      withEstimate={withWhsColumns}
      handicapSettings={<StartingIndexForm userId={user.id} />}
      settings={exportedSettings}
    />
  )
}

/** The settings as the JSON export carries them, read when the file is made. */
function exportedSettings() {
  const state = useHandicapSettingsStore.getState()
  return {
    courseHandicapSource: selectCourseHandicapSource(state),
    startingIndex: selectStartingIndex(state),
  }
}
