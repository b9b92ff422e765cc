/**
 * Outbound links that are counted (docs/decisions/0852): every hardware purchase link and game
 * website on the public pages goes through /go/{kind}/{id}, which redirects to the address stored on
 * the item. Kept apart from the counting rules so that the public cards do not bundle the bot list.
 */
/** The kinds of item whose outbound link goes through /go/{kind}/{id}. */
export const linkKinds = ['hardware', 'game'] as const
export type LinkKind = (typeof linkKinds)[number]

export const isLinkKind = (value: string): value is LinkKind => (linkKinds as readonly string[]).includes(value)

/** The counted address of an item's outbound link (a hardware purchase link, a game's website). */
export const goPath = (kind: LinkKind, id: number) => `/go/${kind}/${id}`

/** What every such link on the public pages carries: paid, not endorsed, no window handle (Google's rel="sponsored"). */
export const GO_REL = 'sponsored nofollow noopener'
