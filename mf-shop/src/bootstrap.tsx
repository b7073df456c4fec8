import { startStandalone } from '@portal/ui/standalone';
import pages from './pages';

startStandalone('mf_shop', pages);
