/** The buyer's page (/domain) and the Domain Report (PDF) say the same things: they read them from here. */

export const DOMAIN_INCLUDED = [
  'The domain name itself, transferred to your registrar account',
  'The website and its archive of published articles',
  'The brand: name, logo and editorial voice',
] as const;

/** How a sale runs, step by step: the buyer's money is held by an independent escrow service until the domain is theirs. */
export const SALE_PROCESS = [
  { title: 'Offer', text: 'Send an offer through the offer form. You get a reference (INQ-…) at once and a reply the same day.' },
  { title: 'Agreement', text: 'We agree the price and terms in writing: what is included, the handover and the dates.' },
  { title: 'Escrow', text: 'You pay into an independent escrow service (for example Escrow.com); neither side holds the money.' },
  { title: 'Transfer', text: 'We start the transfer to your registrar; the escrow service confirms it reached your account.' },
  { title: 'Handover', text: 'Escrow releases the payment; we hand over the site, its content and its accounts.' },
] as const;

/** auDA's licensing rule for .com.au (and .net.au): the holder needs an Australian presence. */
export const AU_ELIGIBILITY =
  'A .com.au domain can only be transferred to a holder with an Australian presence: an Australian company or business with an ABN or ACN, an Australian citizen or resident, or the owner of an Australian registered trade mark (auDA licensing rules). Have your ABN ready: we confirm eligibility before escrow opens.';

export function isAuDomain(domain: string): boolean {
  return /\.au$/i.test(domain);
}
