import { Icon, type IconProps } from '@web/components/icons/Icon';

export { ChartIcon, ClipboardCheckIcon } from '@web/components/icons/icons';

/** A checked list: the completed assessments. */
export const ListCheckIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M11 6h9M11 12h9M11 18h9" />
    <path d="m3.5 6 1.5 1.5L8 4.5M3.5 12l1.5 1.5L8 10.5M3.5 18l1.5 1.5L8 16.5" />
  </Icon>
);

/** A flag on a pole: the actions a person owns. */
export const FlagIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" />
  </Icon>
);
