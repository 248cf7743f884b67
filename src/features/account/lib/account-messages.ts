export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.'
export const PASSWORD_NOT_CHANGED =
  'Your password could not be changed. Choose a password of at least 6 characters that differs from your current one, and try again.'
export const PASSWORD_CHANGED = 'Your password has been changed.'
export const EMAIL_NOT_CHANGED =
  'Your email could not be changed. Check the address (it may already be in use) and try again in a minute.'
export const EXPORT_FAILED = 'Your data could not be loaded for export. Try again.'
export const IMPORT_FAILED =
  'The import could not be saved, and nothing was stored. Check your connection and try again.'
export const IMPORT_REFUSED =
  'The database refused a line of this file, and nothing was stored. Check the values and try again.'
export const DELETE_FAILED = 'Your account could not be deleted. Try again.'
export const emailChangeSent = (email: string) =>
  `We sent a confirmation link to ${email}. Your email changes when you open it.`
export const EMAIL_CHANGED = 'Your email has been changed.'
export const EMAIL_CHANGE_LINK_INVALID =
  'This email change link has expired or has already been used. Ask for the change again.'
