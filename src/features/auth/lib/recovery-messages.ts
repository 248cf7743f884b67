export const RESET_LINK_SENT = 'If an account exists for that email, we sent a link.'
export const RESET_REQUEST_FAILED =
  'We could not send the link just now. Wait a minute and try again.'
export const RESET_LINK_INVALID =
  'This password reset link has expired or has already been used, or was opened in a different browser from the one that asked for it. Ask for a new link.'
export const PASSWORD_CHANGE_FAILED =
  'Your new password could not be saved. Choose a different password of at least 6 characters and try again.'
