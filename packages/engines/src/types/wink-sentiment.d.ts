/** Types of wink-sentiment 5 (the package ships none): https://winkjs.org/wink-sentiment/ */
declare module 'wink-sentiment' {
  interface WinkToken {
    value: string;
    tag: string;
    score?: number;
    negation?: boolean;
  }
  interface WinkSentimentResult {
    score: number;
    normalizedScore: number;
    tokenizedPhrase: WinkToken[];
  }
  function winkSentiment(phrase: string): WinkSentimentResult;
  export default winkSentiment;
}
