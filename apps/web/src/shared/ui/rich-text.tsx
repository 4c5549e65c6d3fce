import { Fragment } from 'react';
import { Link } from 'react-router';
import { type RichTextValue } from './rich-text-value';

type RichTextProps = {
  text: RichTextValue;
  /** Rewrites a site path before linking to it (e.g. to the header-less version of a page). */
  resolveHref?: (href: string) => string;
};

/** A sentence with links: site paths go through the router, mailto:, tel: and https: stay plain links. */
export function RichText({ text, resolveHref = (href) => href }: RichTextProps) {
  if (typeof text === 'string') return text;
  return text.map((part, index) => {
    if (typeof part === 'string') return <Fragment key={index}>{part}</Fragment>;
    if (part.href.startsWith('/')) {
      return (
        <Link key={index} to={resolveHref(part.href)}>
          {part.text}
        </Link>
      );
    }
    return (
      <a key={index} href={part.href}>
        {part.text}
      </a>
    );
  });
}
