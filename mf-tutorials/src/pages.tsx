import { definePages } from '@portal/ui';

/** The pages this remote exposes to the shell ('./pages'). */
export default definePages('mf_tutorials', {}, process.env.PORTAL_BUILD_LABEL);
