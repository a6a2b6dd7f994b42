import { Article } from '../../ui/Article.tsx';

export default function Introduction() {
  return <Article name="introduction" slug="introduction" />;
}
