/** Saves text as a file through a Blob URL (the strict CSP allows blob: downloads, not data: pages). */
export function downloadFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the URL after click() returns; a minute is far more than any needs.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
