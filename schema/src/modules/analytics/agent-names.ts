/**
 * The automated readers the owner sees by name in the dashboard's agent reads: AI crawlers and
 * assistants, search engines' crawlers and archives. Matched in the user agent, first match wins;
 * any other client counts as `other`. Only the name is kept, never the user agent.
 */
export const KNOWN_AGENTS = [
  'GPTBot',
  'ChatGPT-User',
  'OAI-SearchBot',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'anthropic-ai',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'Googlebot',
  'bingbot',
  'Applebot',
  'Amazonbot',
  'meta-externalagent',
  'Bytespider',
  'CCBot',
  'DuckAssistBot',
  'cohere-ai',
  'YandexBot',
] as const;

export const OTHER_AGENT = 'other';
export type AgentName = (typeof KNOWN_AGENTS)[number] | typeof OTHER_AGENT;

const lowered = KNOWN_AGENTS.map((name) => [name, name.toLowerCase()] as const);

/** The agent's name from its User-Agent header, or `other`. */
export function agentName(userAgent: string | undefined): AgentName {
  const ua = (userAgent ?? '').slice(0, 512).toLowerCase();
  return lowered.find(([, needle]) => ua.includes(needle))?.[0] ?? OTHER_AGENT;
}
