import { useEffect } from 'react';
import { useSiteConfig } from '../config/site-config';
import { headTags } from './head-tags';
import { type PageHead, useRenderCollector } from './render-collector';

/**
 * Declares the page's head and HTTP status. On the server it is collected into the HTML and the
 * response status; rendered in a DOM (component tests) it writes the head into the document.
 */
export function PageMeta({ status = 200, ...head }: PageHead & { status?: number }) {
  const collector = useRenderCollector();
  const config = useSiteConfig();
  if (collector) {
    collector.head = head;
    collector.status = status;
  }
  const html = headTags(head, config);
  useEffect(() => {
    document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
    document.head.insertAdjacentHTML('beforeend', html);
  }, [html]);
  return null;
}
