import { Fragment } from 'react';
import { Link } from 'react-router';
import { type FaqText } from './faq-content';

/** A sentence with links: site paths go through the router, mailto: and tel: stay plain links. */
export function RichText({ text }: { text: FaqText }) {
  if (typeof text === 'string') return text;
  return text.map((part, index) => {
    if (typeof part === 'string') return <Fragment key={index}>{part}</Fragment>;
    if (part.href.startsWith('/')) {
      return (
        <Link key={index} to={part.href}>
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
