import type { Router } from 'express';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { currentUser, requireUser } from '../../middleware/session';
import { startAccountExport } from './export-service';

/** GET /api/me/export (mounted at /api/me): the caller's data as a ZIP, participant or coach alike. */
export function privacyExportRouter(deps: ApiDeps): Router {
  const router = idCheckingRouter();
  router.get('/export', requireUser, async (req, res, next) => {
    const { filename, zip } = await startAccountExport(deps, currentUser(res));
    res.set({ 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${filename}"` });
    // Once the first bytes are out a failure can only cut the download short (the error handler
    // then ends the connection): the ZIP's missing central directory tells the reader it is broken.
    zip.on('error', next);
    res.on('close', () => {
      if (!res.writableFinished) zip.destroy();
    });
    zip.pipe(res);
  });
  return router;
}
