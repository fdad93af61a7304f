import { mountStandalone } from '@registry/ui/mount-standalone';
import { pages } from './pages';

mountStandalone('resolver', pages);
