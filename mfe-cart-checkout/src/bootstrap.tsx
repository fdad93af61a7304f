import { mountStandalone } from '@registry/ui/mount-standalone';
import { pages } from './pages';

mountStandalone('cart_checkout', pages);
