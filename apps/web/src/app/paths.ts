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
  settings: '/settings',
  receipt: '/receipt/:invoiceId',
} as const;

export function buildReceiptPath(invoiceId: string): string {
  return `/receipt/${encodeURIComponent(invoiceId)}`;
}
