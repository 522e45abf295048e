/** The lending-rules engine (issue 7): LVR, LMI, APS 112 capital, APG 223 serviceability, DTI, NCCP, climate-adjusted LVR. */
export {
  assessLoan,
  computeLvr,
  lvrThresholds,
  lvrBandIndex,
  loanBandIndex,
  riskWeightFor,
  monthlyRepayment,
  netAnnualIncome,
  COMPLIANCE_FORMULA,
  LENDING_METHOD,
  DEFAULT_LENDING_TABLES,
  type LoanInput,
  type ClimateInput,
  type LendingTables,
} from './assess-loan.ts';
export { APS112_RISK_WEIGHTS, LENDING_PARAMETERS, TAX_SCALE_2024_25, CLIMATE_VALUE_PARAMETERS, type RiskWeightTable, type LendingParameters, type TaxScale } from './reference-tables.ts';
export { portfolioBucketFor, PORTFOLIO_BUCKETS, PORTFOLIO_BUCKET_LABELS, type PortfolioBucket } from './portfolio.ts';
export { assessDefaultLoan, DEFAULT_LOAN_TEXT, loanText } from './default-loan.ts';
