/** An invitation opened signed out is where the golfer lands once signed in or signed up. */
const RETURN_KEY = 'hcpfast:after-sign-in'

/** Only invitations: any other signed-in screen starts from the golfer's own pages. */
export function rememberReturn(pathname: string): void {
  if (/^\/join\/[^/]+\/\d$/.test(pathname)) sessionStorage.setItem(RETURN_KEY, pathname)
}

export const returnPath = (): string | null => sessionStorage.getItem(RETURN_KEY)

/** Called by the screen returned to, so it is returned to once. */
export const forgetReturn = (): void => sessionStorage.removeItem(RETURN_KEY)
