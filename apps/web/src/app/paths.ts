/** Every route of SPEC.md section 2, in one place. Links and the router both read from here. */
export const paths = {
  home: '/',
  search: '/search',
  propertyIndex: '/property',
  property: '/property/:id',
  marketAnalysis: '/market-analysis',
  portfolio: '/portfolio',
  portfolioDetail: '/portfolio/:portfolioId',
  report: '/report/:reportId',
  modelCard: '/model-card',
  explorerTx: '/explorer/tx/:hash',
  explorerToken: '/explorer/token/:tokenId',
  notFound: '*',
} as const;

/**
 * The dashboard opened on its Pricing tab (the tabs are in-page state, not URL, SPEC.md section 2:
 * the tab travels as the navigation's state). Upgrade paths link here.
 */
export const pricingLink = { to: '/', state: { tab: 'pricing' } } as const;

export function buildPropertyPath(listingId: string): string {
  return `/property/${encodeURIComponent(listingId)}`;
}

export function buildPortfolioPath(portfolioId: string): string {
  return `/portfolio/${encodeURIComponent(portfolioId)}`;
}

export function buildReportPath(reportId: string): string {
  return `/report/${encodeURIComponent(reportId)}`;
}

export function buildExplorerTxPath(hash: string): string {
  return `/explorer/tx/${encodeURIComponent(hash)}`;
}

export function buildExplorerTokenPath(tokenId: number): string {
  return `/explorer/token/${tokenId}`;
}

/** Accounts and billing (issue 14). */
export const accountPaths = {
  account: '/account',
  /** Where a page that needs an account sends a signed-out visitor: `?next=` is where to come back to. */
  signIn: '/sign-in',
  settings: '/settings',
  receipt: '/receipt/:invoiceId',
} as const;

export function buildReceiptPath(invoiceId: string): string {
  return `/receipt/${encodeURIComponent(invoiceId)}`;
}

/**
 * `next` as a path of this app to come back to, or null: only a local path ("/report/r1?x=1"),
 * never another site ("//evil.example", "https://...") nor the sign-in pages themselves.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  const pathname = next.split(/[?#]/)[0] ?? '';
  if (pathname === accountPaths.signIn || pathname === accountPaths.account) return null;
  return next;
}

/** The sign-in page, coming back to `next` (a local path) after signing in. */
export function buildSignInPath(next?: string | null): string {
  const back = safeNextPath(next);
  return back ? `${accountPaths.signIn}?next=${encodeURIComponent(back)}` : accountPaths.signIn;
}
