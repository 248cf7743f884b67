export const ADD_TEE_UNAVAILABLE = "Couldn't save the tee. Check your connection and try again."
export const EDIT_TEE_UNAVAILABLE =
  "Couldn't save your changes to the tee. Check your connection and try again."
export const EDIT_TEE_GONE = "Couldn't save your changes: the tee was deleted on another device."
export const TEE_INVALID =
  "Couldn't save the tee: check its rating, slope, par and holes against the bounds shown."
export const DELETE_TEE_UNAVAILABLE =
  "Couldn't delete the tee. Check your connection and try again."
export const DELETE_LAST_TEE =
  "Couldn't delete the tee: it is its course's last one now (another was deleted on another device). A course keeps at least one tee."
export const UNDO_TEE_FAILED = "Couldn't bring the tee back."
export const TEE_DELETED = 'Tee deleted.'
export const LAST_TEE = 'A course needs at least one tee: add another tee before deleting this one.'
