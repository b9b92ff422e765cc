/**
 * Characters XML 1.0 cannot carry at all, not even escaped: the C0 controls other than tab, line
 * feed and carriage return, lone UTF-16 surrogates, and U+FFFE / U+FFFF. One of them in a title made
 * /rss.xml unreadable for every feed reader. They carry no meaning in text a person typed, so they
 * are dropped when text is written (src/lib/forms/fields.ts) and again when XML is written
 * (src/lib/feeds.ts), for text stored before.
 */
const xmlIllegal =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export function stripXmlIllegal(text: string): string {
  return text.replace(xmlIllegal, '')
}
