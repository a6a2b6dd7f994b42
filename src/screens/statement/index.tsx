import { Article } from '../../ui/Article.tsx';

export default function Statement() {
  return <Article name="statement" slug="statement" />;
}
