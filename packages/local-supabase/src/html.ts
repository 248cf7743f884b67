/**
 * Escapes text for HTML as Go's `html.EscapeString` (and so GoTrue's mail templates) does:
 * `&`, `<`, `>`, `"` and `'`. Safe in element content and in quoted attribute values.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string)
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
}
