/** The navbar's links (desktop row and phone menu): only links whose pages exist; later features add theirs here. */
export const NAV_LINKS = [
  { to: '/tools', label: 'Tools' },
  { to: '/create-stack/scan', label: 'Create A Stack' },
  { to: '/match', label: 'Stack Match' },
  { to: '/pros-and-cons', label: 'Pros & Cons' },
]
