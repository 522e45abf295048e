/**
 * The original client's functions (../shared/COMPAT.md) on our own services: each resolves its
 * subject, calls the same service functions as our own API, and hands the results to a pure
 * presenter in @propguard/engines (compat/present.ts).
 */
import {
  factsOfComprehensive,
  loanText,
  parseCommand,
  presentEnhancedAnalysis,
  presentMarketIntelligence,
  summariseAnalysis,
  writeAnalysisSummary,
  writeInsights,
  writeRiskExplanation,
  ASSISTANT_EXAMPLES,
  presentCompatCompliance,
  type ComprehensiveInput,
} from '@propguard/engines';
import {
  formatAud,
  AppError,
  marketPropertyTypeSchema,
  type CompatAnalysis,
  type CompatEnhancedAnalysisRequest,
  type CompatEnhancedAnalysisResponse,
  type CompatPropertyDataRequest,
  type MarketAnalysis,
  type MarketPropertyType,
  type ProcessCommandResponse,
} from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { analyseLocation } from '../market/market-service.ts';
import { analyseProperty } from '../valuation/property-analysis-service.ts';
import { marketFor } from '../reports/report-service.ts';
import { analyseSubject, type SubjectAnalysis } from '../valuation/subject-analysis.ts';
import { subjectOfText } from '../valuation/valuation-service.ts';
import { writeWithModel } from '../llm/llm-text.ts';

interface WarnLogger {
  warn(object: object, message: string): void;
}


/** The client's property type words, read as our market types (anything else: houses). */
export function marketTypeOf(text: string | undefined | null): MarketPropertyType {
  const word = (text ?? '').toLowerCase();
  if (/apartment|unit|flat/.test(word)) return 'unit';
  return marketPropertyTypeSchema.safeParse(word).data ?? 'house';
}

/** POST /functions/v1/enhanced-property-analysis. */
export async function getEnhancedAnalysis(context: AppContext, body: CompatEnhancedAnalysisRequest): Promise<CompatEnhancedAnalysisResponse> {
  const reasons: Record<string, string> = {};
  const dataSources: string[] = [];
  let subject: SubjectAnalysis | null = null;
  let listingId: string | null = null;
  if (body.address) {
    // A listing id or a suggestion id names that property; anything else is an address.
    const named = subjectOfText(body.address);
    listingId = named.listingId ?? null;
    subject = await analyseSubject(context, named);
    dataSources.push(`Valuation model ${subject.valuation.model.id}`);
    if (subject.hazardReason) reasons.hazards = subject.hazardReason;
  } else {
    reasons.property_analysis = 'No address was given, only a location: the figures are the market\'s';
  }
  let market: MarketAnalysis | null = null;
  let locationNote: string | null = null;
  if (subject) {
    const outcome = await marketFor(context, subject.valuation);
    market = outcome.analysis;
    if (!market) reasons.market = outcome.reason ?? 'No market analysis';
  } else if (body.location) {
    const outcome = await analyseLocation(context, { location: body.location, propertyType: marketTypeOf(body.propertyType), depth: 'basic' });
    locationNote = outcome.locationNote ?? null;
    market = outcome.analysis;
    if (!market) reasons.market = [locationNote, outcome.reason ?? 'No market analysis'].filter(Boolean).join(': ');
  }
  if (market) dataSources.push(...market.data_sources);
  if (subject?.hazards) dataSources.push(...new Set(subject.hazards.assessments.flatMap((assessment) => assessment.dataUsed.map((data) => data.title))));
  if (!subject) reasons.hazards = 'No address, so no place to assess';
  const analysis = presentEnhancedAnalysis({
    analysisType: body.analysisType ?? 'comprehensive',
    listingId,
    valuation: subject?.valuation ?? null,
    hazards: subject?.hazards ?? null,
    hazards2050: subject?.hazards2050 ?? null,
    lending: subject?.lending ? { assessment: subject.lending, basis: loanText() } : null,
    market,
    reasons,
    dataSources,
    locationNote,
  });
  return { success: true, analysis };
}

/** POST /functions/v1/market-intelligence. */
export async function getMarketIntelligence(context: AppContext, body: { location: string; propertyType?: string; analysisDepth?: string }) {
  const outcome = await analyseLocation(context, {
    location: body.location,
    propertyType: marketTypeOf(body.propertyType),
    depth: body.analysisDepth === 'basic' ? 'basic' : 'comprehensive',
  });
  const note = outcome.locationNote ?? null;
  if (!outcome.analysis) return { success: true as const, market_intelligence: null, reason: [note, outcome.reason].filter(Boolean).join(': ') };
  return { success: true as const, market_intelligence: presentMarketIntelligence(outcome.analysis, note) };
}

async function analysisOf(context: AppContext, address: string, log: WarnLogger): Promise<CompatAnalysis> {
  const result = await analyseProperty(context, address, log);
  // The client reads `confidence` 0-1 (COMPAT.md "Exact shapes"); ours is 0-100.
  return { address: result.valuation.property.address ?? address, ...result.analysis, confidence: result.analysis.confidence / 100 };
}

/** POST /api/propguard/process-command: the assistant reads the text as a command and runs its engine. */
export async function processCommand(context: AppContext, input: string, log: WarnLogger): Promise<ProcessCommandResponse> {
  const command = parseCommand(input);
  const base = { success: true as const, command: { kind: command.kind, input } };
  switch (command.kind) {
    case 'value': {
      const analysis = await analysisOf(context, command.address, log);
      return { ...base, ...analysis, summary: summariseAnalysis(analysis) };
    }
    case 'risk': {
      const subject = await analyseSubject(context, subjectOfText(command.address));
      if (!subject.hazards) throw new AppError('SERVICE_UNAVAILABLE', subject.hazardReason ?? 'Hazard layers are not loaded');
      const analysis = await analysisOf(context, command.address, log);
      return { ...base, ...analysis, summary: writeRiskExplanation(analysis.address ?? command.address, subject.hazards, subject.hazards2050) };
    }
    case 'compare': {
      const [first, second] = await Promise.all(command.addresses.map((address) => analysisOf(context, address, log)));
      const difference = second!.current_valuation - first!.current_valuation;
      const summary = `${summariseAnalysis(first!)} ${summariseAnalysis(second!)} The second is valued ${formatAud(Math.abs(difference))} ${difference >= 0 ? 'above' : 'below'} the first.`;
      return { ...base, ...first!, comparison: [first!, second!], summary };
    }
    case 'market': {
      const outcome = await getMarketIntelligence(context, { location: command.location });
      const market = outcome.market_intelligence;
      const summary = market
        ? `${market.matched}: median ${market.market_overview.average_price === null ? 'not available' : formatAud(market.market_overview.average_price)}, ${market.price_trends.yoy_growth === null ? 'growth not measurable' : `${market.price_trends.yoy_growth}% over the year`} (${market.market_overview.total_transactions} sales to ${market.as_at}).`
        : outcome.reason ?? 'No market analysis for that location';
      return { ...base, market, summary };
    }
    case 'lvr': {
      const subject = await analyseSubject(context, subjectOfText(command.address), command.loanAmountAud);
      if (!subject.lending) throw new AppError('SERVICE_UNAVAILABLE', subject.hazardReason ?? 'Lending needs the hazard layers');
      const analysis = await analysisOf(context, command.address, log);
      const lending = subject.lending;
      const summary = `A loan of ${formatAud(command.loanAmountAud)} on ${analysis.address ?? command.address} (valued ${formatAud(subject.valuation.estimate)}) has LVR ${lending.lvr.percent}%: ${lending.lmi.isRequired ? 'LMI required' : 'no LMI needed'}, risk weight ${Math.round(lending.capital.riskWeight * 100)}%, ${lending.complianceStatusLabel.toLowerCase()}.`;
      return {
        ...base,
        ...analysis,
        lending: { loan_amount: command.loanAmountAud, ...presentCompatCompliance(lending, loanText(command.loanAmountAud)) },
        summary,
      };
    }
    case 'help':
      return { ...base, summary: `${command.reason}. I can value an address, explain its hazards, compare two addresses, describe a suburb market or work out the LVR of a loan. Try one of the examples.`, examples: [...ASSISTANT_EXAMPLES] };
  }
}

/** The address the LLM endpoints are about: the client's property (object or text), else its address field. */
function addressOf(body: CompatPropertyDataRequest): string {
  const data = body.property_data;
  const property = data.property;
  const fromProperty = typeof property === 'string' ? property : property?.address ?? ([property?.suburb, property?.state, property?.postcode].filter(Boolean).join(' ') || undefined);
  const address = fromProperty ?? data.address;
  if (!address) throw new AppError('VALIDATION_ERROR', 'property_data.property needs an address (or a suburb) to analyse', { field: 'body.property_data.property' });
  return address;
}

async function comprehensiveInputOf(context: AppContext, body: CompatPropertyDataRequest): Promise<ComprehensiveInput> {
  const subject = await analyseSubject(context, subjectOfText(addressOf(body)));
  if (!subject.hazards) throw new AppError('SERVICE_UNAVAILABLE', subject.hazardReason ?? 'Hazard layers are not loaded');
  const market = (await marketFor(context, subject.valuation)).analysis;
  const address = subject.valuation.property.address ?? [subject.valuation.property.suburb, subject.valuation.property.state].filter(Boolean).join(' ');
  return { address, valuation: subject.valuation, hazards: subject.hazards, hazards2050: subject.hazards2050, lending: subject.lending, market };
}

/** POST /api/llm/risk-assessment: the hazards of the client's property, explained from our scores. */
export async function explainRisk(context: AppContext, body: CompatPropertyDataRequest) {
  const input = await comprehensiveInputOf(context, body);
  const computed = writeRiskExplanation(input.address, input.hazards, input.hazards2050);
  const modelText = await writeWithModel(context, {
    task: 'a short plain-English explanation, for a lender, of the natural-hazard risk of one property',
    facts: { address: input.address, overall: input.hazards.overall, hazards: input.hazards.assessments.map((a) => ({ hazard: a.hazard, score: a.score, level: a.level, has_data: a.hasData, facts: a.factors.map((f) => f.label) })) },
    allowedNumbers: [...factsOfComprehensive(input), ...input.hazards.assessments.flatMap((a) => a.factors.map((f) => f.value).filter((v): v is number => v !== null))],
    maxChars: 1200,
  });
  return {
    success: true as const,
    address: input.address,
    explanation: modelText ?? computed,
    text_source: modelText ? ('llm' as const) : ('computed' as const),
    risk_score: input.hazards.overall.score,
    risk_level: input.hazards.overall.level,
  };
}

/** POST /api/llm/comprehensive-analysis: summary and insights written from our engines' figures. */
export async function analyseComprehensively(context: AppContext, body: CompatPropertyDataRequest) {
  const input = await comprehensiveInputOf(context, body);
  const computed = writeAnalysisSummary(input);
  const modelText = await writeWithModel(context, {
    task: 'a short summary, for a lender, of a property\'s valuation, hazards, loan and market',
    facts: { text: computed },
    allowedNumbers: factsOfComprehensive(input),
    maxChars: 1200,
  });
  return {
    success: true as const,
    address: input.address,
    analysis_summary: modelText ?? computed,
    text_source: modelText ? ('llm' as const) : ('computed' as const),
    insights: writeInsights(input),
  };
}
