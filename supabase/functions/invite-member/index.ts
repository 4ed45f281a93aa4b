import { withCommon } from '../_shared/serve.ts';
import { inviteMember } from './handler.ts';

Deno.serve(withCommon('invite-member', inviteMember));
