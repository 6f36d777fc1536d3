import { CombinedGraphQLErrors } from '@apollo/client';

export interface Problems {
  message: string;
  /** Field name -> what is wrong with it, from BAD_USER_INPUT's `fields`. */
  fields: Record<string, string>;
}

/** What a failed newsroom request says, in the editor's words: the message and each offending field. */
export function problemsOf(error: unknown): Problems {
  if (CombinedGraphQLErrors.is(error)) {
    const fields: Record<string, string> = {};
    for (const e of error.errors) {
      const list = e.extensions?.fields;
      if (Array.isArray(list)) {
        for (const item of list as { field?: unknown; message?: unknown }[]) {
          if (typeof item.field === 'string' && typeof item.message === 'string') fields[item.field] = item.message;
        }
      }
    }
    return { message: error.errors[0]?.message ?? 'The newsroom refused the change.', fields };
  }
  return { message: 'The newsroom could not be reached. Check your connection and try again.', fields: {} };
}
