/**
 * A listing as the realty endpoints return it (SPEC.md section 3, "Listing"). Fields the server
 * may leave out are optional; the screens show only what is present.
 */
export type RiskGrade = 'Low' | 'Medium' | 'High';

export type Listing = {
  listing_id: string;
  address: string;
  suburb?: string;
  state?: string;
  postcode?: string;
  property_type?: string;
  price?: number | null;
  bedrooms?: number | null;
  bathrooms?: number | null;
  car_spaces?: number | null;
  land_size?: number | null;
  building_size?: number | null;
  features?: string[];
  photos?: string[];
  propguard_valuation?: {
    ai_valuation: number;
    confidence_score: number;
    valuation_range?: { min: number; max: number };
  };
  propguard_risk?: {
    risk_grade: RiskGrade;
    overall_score: number;
    climate_risks?: { flood?: number; fire?: number; coastal?: number; geological?: number };
    market_risks?: { volatility?: number; liquidity?: number };
  };
  propguard_market_sentiment?: {
    trend: string;
    confidence?: number;
    summary?: string;
    indicators?: { price_growth?: number; days_on_market?: number };
  };
  propguard_compliance?: {
    apra_cps230_compliant: boolean;
    risk_category?: string;
    compliance_score?: number;
    nccp_act_compliant?: boolean;
    basel_iii_compliant?: boolean;
    lvr_thresholds?: Partial<Record<'80_percent' | '90_percent' | '95_percent', number>>;
  };
};
