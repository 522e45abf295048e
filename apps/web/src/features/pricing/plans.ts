/**
 * PropGuard's own product constants: the plans, API prices and comparison of SPEC.md section 2
 * ("Pricing tab") and section 9. These are our prices, not estimates.
 */
export const SALES_EMAIL = 'sales@propguard.com.au';

export type PlanAction = 'get-started' | 'start-trial' | 'contact-sales';

export type Plan = {
  name: string;
  price: string;
  period?: string;
  description: string;
  features: readonly string[];
  isHighlighted: boolean;
  actionLabel: string;
  action: PlanAction;
};

export const PLANS: readonly Plan[] = [
  {
    name: 'Starter',
    price: 'Free',
    description: 'For owners and analysts trying PropGuard on a few properties.',
    features: ['5 valuations a month', 'Basic risk assessment', 'Email support', 'Standard reporting'],
    isHighlighted: false,
    actionLabel: 'Get Started Free',
    action: 'get-started',
  },
  {
    name: 'Professional',
    price: '$299',
    period: 'per month',
    description: 'For lenders and real estate businesses valuing every week.',
    features: [
      '100 valuations a month',
      'Advanced risk analysis',
      'Priority support',
      'Custom reporting',
      'API access',
      'APRA compliance reporting',
    ],
    isHighlighted: true,
    actionLabel: 'Start Free Trial',
    action: 'start-trial',
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    description: 'For banks and portfolios that need scale, integration and their own brand.',
    features: [
      'Unlimited valuations',
      'AI analytics',
      'Dedicated support',
      'White-label',
      'Advanced API',
      'Custom integrations',
      'Blockchain NFT certificates',
      'Real-time monitoring',
    ],
    isHighlighted: false,
    actionLabel: 'Contact Sales',
    action: 'contact-sales',
  },
];

export const API_PRICES: readonly { item: string; price: string; unit: string }[] = [
  { item: 'Valuation request', price: '$0.50', unit: 'per request' },
  { item: 'NFT minting', price: '$5.00', unit: 'per certificate' },
  { item: 'APRA compliance report', price: '$25.00', unit: 'per report' },
  { item: 'Bulk valuations (from 1,000 requests)', price: '$0.30', unit: 'per request' },
];

export const FEATURE_COMPARISON: readonly { feature: string; starter: string; professional: string; enterprise: string }[] = [
  { feature: 'Monthly valuations', starter: '5', professional: '100', enterprise: 'Unlimited' },
  { feature: 'Risk analysis', starter: 'Basic', professional: 'Advanced', enterprise: 'AI-powered' },
  { feature: 'API access', starter: 'No', professional: 'Yes', enterprise: 'Yes (advanced)' },
  { feature: 'Blockchain NFTs', starter: 'No', professional: 'No', enterprise: 'Yes' },
  { feature: 'APRA compliance', starter: 'No', professional: 'Yes', enterprise: 'Yes (enhanced)' },
  { feature: 'Support', starter: 'Email', professional: 'Priority', enterprise: 'Dedicated' },
];

export const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Is there a free trial?',
    answer: 'Yes. The Professional plan starts with a 14-day free trial, and no credit card is needed to begin.',
  },
  {
    question: 'Can I cancel during the trial?',
    answer: 'Yes, cancel anytime: nothing is charged until the trial ends.',
  },
  {
    question: 'What is your refund policy?',
    answer: 'We offer a 30-day refund policy: if PropGuard is not right for you, ask within 30 days for a full refund.',
  },
  {
    question: 'Are there any setup fees?',
    answer: 'No. There are no setup fees on any plan.',
  },
];
