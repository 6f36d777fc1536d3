import { Route, Routes } from 'react-router-dom';
import { ServerErrorNotice } from '../components/server-error-notice';
import { SiteLayout } from './site-layout';

/** The site's frame around its error page, whatever the URL: rendered when a page's data failed on the server. */
export function ServerErrorApp({ status }: { status: number }) {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path="*" element={<ServerErrorNotice status={status} />} />
      </Route>
    </Routes>
  );
}
