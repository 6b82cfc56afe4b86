import { Image } from '@mantine/core';
import logoOrg from '../assets/logo-org.svg';
import logo from '../assets/logo.svg';
import { messages } from '../core/messages.ts';

/** The portal's logo; the ORG variant (the reduced product) has its own. */
export function Logo({ org, size }: { org: boolean; size: number }) {
  return (
    <Image
      src={org ? logoOrg : logo}
      alt={org ? messages.app.logoOrgAlt : messages.app.logoAlt}
      w={size}
      h={size}
      fit="contain"
    />
  );
}
